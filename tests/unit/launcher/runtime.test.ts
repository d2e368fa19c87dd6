import { execFile, spawn } from 'node:child_process';
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

// The server runs with glibc's malloc thresholds fixed (scripts/runtime.mjs, MALLOC_ENV): its idle
// memory falls by about 100 MB after a first start.
describe("the server launcher's malloc settings", () => {
  const mallocProbe = path.join(root, 'tests/support/print-server-malloc.mjs');
  type Seen = { pid: number; ppid: number; mmap: string | null; trim: string | null };
  /** Runs the probe with `env` (MALLOC_* removed unless given); answers what it printed and the pid started. */
  const probeWith = (node: string, env: Record<string, string>) =>
    new Promise<{ seen: Seen; started: number }>((resolve, reject) => {
      const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('MALLOC_')));
      const child = spawn(node, [mallocProbe], { cwd: root, env: { ...base, ...env } as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.on('error', reject);
      child.on('exit', (code: number | null) => (code === 0 ? resolve({ seen: JSON.parse(out) as Seen, started: child.pid! }) : reject(new Error(`exit ${code}`))));
    });
  const linux = process.platform === 'linux';

  it('runs the server once more with them when it was started without them', async () => {
    const { seen, started } = await probeWith(process.execPath, {});
    if (!linux) return expect(seen.pid).toBe(started);
    expect(seen).toMatchObject({ mmap: '131072', trim: '131072' });
    expect(seen.ppid).toBe(started); // one re-run, by the process started
  });

  it('keeps settings the environment chose, without running again', async () => {
    const { seen, started } = await probeWith(process.execPath, { MALLOC_MMAP_THRESHOLD_: '65536', MALLOC_TRIM_THRESHOLD_: '262144' });
    expect(seen).toMatchObject({ pid: started, mmap: '65536', trim: '262144' });
  });

  it('needs no second re-run when an older Node starts it: the runtime\'s re-run carries them', async () => {
    const { seen, started } = await probeWith(systemNode, {});
    if (!linux) return;
    expect(seen).toMatchObject({ mmap: '131072', trim: '131072' });
    expect(seen.ppid).toBe(started);
  });
});

