/** @jest-environment node */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

// scripts/runtime.mjs: the launchers run on Node 24 or later whatever Node starts them.
const run = promisify(execFile);
const root = path.resolve(__dirname, '../../..');
const probe = path.join(root, 'tests/support/print-runtime.mjs');

// The system's Node (older on this machine and CI) when there is one, else this test's own.
const systemNode = ['/usr/bin/node', '/usr/local/bin/node'].find((p) => existsSync(p)) ?? process.execPath;
const major = (v: string) => Number(/^v(\d+)/.exec(v)?.[1]);

type Probe = { version: string; args: string[]; execArgv: string[]; path: string };

describe('the runtime a launcher runs on', () => {
  it('is Node 24 or later even when an older Node starts it, with the same arguments and options', async () => {
    const { stdout } = await run(systemNode, ['--no-warnings', probe, 'list', '--slug', 'demo'], { cwd: root });
    const seen = JSON.parse(stdout) as Probe;
    expect(major(seen.version)).toBeGreaterThanOrEqual(24);
    expect(seen.args).toEqual(['list', '--slug', 'demo']);
    expect(seen.execArgv).toContain('--no-warnings');
  });

  it('passes the exit status of the command through', async () => {
    const failed = await run(systemNode, [probe, '--exit', '3'], { cwd: root }).then(
      () => 0,
      (e: { code: number }) => e.code,
    );
    expect(failed).toBe(3);
  });

  it('puts the bundled runtime first on PATH for the commands it starts, when it re-runs one', async () => {
    const { stdout } = await run(systemNode, [probe], { cwd: root });
    const seen = JSON.parse(stdout) as Probe;
    if (major(await run(systemNode, ['--version']).then((r) => r.stdout)) >= 24) return; // nothing re-run here
    expect(seen.path.split(path.delimiter)[0]).toBe(path.join(root, 'node_modules', `node-${process.platform}-${process.arch}`, 'bin'));
  });
});
