import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { e2eChromium, QUIET_ARGS } from './scripts/chromium.mjs';

// End-to-end tests in Chromium against a production build started by scripts/start.mjs, on its
// own port with a fresh data folder. E2E_PORT, E2E_DIST_DIR and E2E_DATA_DIR override the
// defaults (port 3100, build folder .next, a new temp folder per run).
const port = Number(process.env.E2E_PORT || 3100);
const distDir = process.env.E2E_DIST_DIR || '.next';
// Set once in the runner; the workers inherit it, so all share one data folder.
process.env.E2E_DATA_DIR ||= mkdtempSync(path.join(os.tmpdir(), 'bv-e2e-'));
process.env.E2E_PORT = String(port);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // npm test asks for a JSON report too (PLAYWRIGHT_JSON_OUTPUT_NAME) to print one closing count.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    viewport: { width: 390, height: 844 },
    // No trace unless asked (E2E_TRACE=retain-on-failure, or `--trace on`): recording one for every
    // test made runs about 30% longer (three spec files, 33 tests: 4.0 against 2.8 min, 28 Nov); a
    // failure still leaves its message and the page's accessibility snapshot (error-context.md).
    trace: (process.env.E2E_TRACE as 'on' | 'off' | 'retain-on-failure' | 'on-first-retry' | undefined) ?? 'off',
    launchOptions: {
      executablePath: e2eChromium(), // the headless shell where installed (scripts/chromium.mjs)
      args: QUIET_ARGS,
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: 'node scripts/start.mjs',
    url: `http://localhost:${port}/api/openapi.json`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      NEXT_DIST_DIR: distDir,
      DATA_DIR: process.env.E2E_DATA_DIR,
      DATABASE_URL: '',
      SESSION_SECRET: '',
    },
  },
});
