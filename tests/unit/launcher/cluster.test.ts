import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

// scripts/start.mjs with WEB_CONCURRENCY (scripts/cluster.mjs). Several processes on PostgreSQL
// are tested end to end in tests/e2e/cluster.spec.ts.
const run = promisify(execFile);
const root = path.resolve(__dirname, '../../..');

describe('npm start with WEB_CONCURRENCY', () => {
  it('refuses a value that is not a number of processes, naming the variable', async () => {
    const r = await run(process.execPath, ['scripts/start.mjs'], { cwd: root, env: { ...process.env, WEB_CONCURRENCY: 'many', DATA_DIR: ':memory:' } }).then(
      () => ({ code: 0, stderr: '' }),
      (e: { code: number; stderr: string }) => e,
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('WEB_CONCURRENCY must be a whole number from 1 to 64, or auto (got "many")');
  });
});
