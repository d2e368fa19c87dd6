import { execFile } from 'node:child_process';

// A failing API test run ends, and fails: jest is run on deliberately failing files
// (tests/fixtures/failing-api, a configuration of its own, not part of this suite), one whose
// beforeAll runs out of time while the server starts and one whose assertion fails. Before,
// the server that started after its file had given up kept jest alive until it was killed.

type Out = { code: number | string; killed: boolean; stdout: string; stderr: string };

function runFixture(): Promise<Out> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--experimental-vm-modules', '--no-warnings', 'node_modules/jest/bin/jest.js', '--config', 'tests/fixtures/failing-api/jest.config.mjs', '--runInBand', '--ci'],
      // Far longer than the run needs; only a hang reaches it.
      { timeout: 150_000, killSignal: 'SIGKILL', env: { ...process.env, TEST_DATABASE_URL: '', DATABASE_URL: '' } },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number | string }).code ?? 1) : 0, killed: !!err?.killed, stdout, stderr }),
    );
  });
}

it('exits with a failure, by itself, when API tests fail or their hooks time out', async () => {
  const out = await runFixture();
  expect(out.killed).toBe(false);
  expect(out.code).toBe(1);
  expect(out.stderr).toMatch(/Exceeded timeout of 1 ms for a hook/);
  expect(out.stderr).toMatch(/Expected: 418/);
  expect(out.stderr).toMatch(/Tests:\s+2 failed, 2 total/);
  expect(out.stderr).not.toMatch(/did not exit/);
}, 180_000);
