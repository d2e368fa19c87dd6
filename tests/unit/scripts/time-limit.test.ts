import { execFile } from 'node:child_process';
import path from 'node:path';

// scripts/time-limit.mjs: the time limit npm test puts on each step, so a hang ends the run.

type Out = { code: number; stdout: string; stderr: string };
const script = path.join(process.cwd(), 'scripts', 'time-limit.mjs');

function limited(seconds: number, what: string, ...cmd: string[]): Promise<Out> {
  return new Promise((resolve) => {
    execFile(process.execPath, [script, String(seconds), what, ...cmd], { timeout: 60_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('time-limit', () => {
  it('passes on the exit code of a command that finishes in time', async () => {
    expect((await limited(30, 'ok', process.execPath, '-e', 'console.log("done")')).code).toBe(0);
    expect((await limited(30, 'fails', process.execPath, '-e', 'process.exit(3)')).code).toBe(3);
  }, 30_000);

  it('stops a command that hangs, with everything it started, says why and exits 124', async () => {
    // A command that starts a child of its own (like jest's server or Playwright's) and never ends.
    const hang = `
      const { spawn } = require('node:child_process');
      const c = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
      console.log(c.pid);
      setInterval(() => {}, 1000);`;
    const out = await limited(2, 'the hanging step', process.execPath, '-e', hang);
    expect(out.code).toBe(124);
    expect(out.stderr).toContain('[time limit] the hanging step did not finish within 2 s');
    const grandchild = Number(out.stdout.trim());
    expect(grandchild).toBeGreaterThan(0);
    // SIGKILL of the group follows the command's exit; give the kernel a moment to reap it.
    for (let i = 0; i < 50 && alive(grandchild); i++) await new Promise((r) => setTimeout(r, 100));
    expect(alive(grandchild)).toBe(false);
  }, 30_000);
});
