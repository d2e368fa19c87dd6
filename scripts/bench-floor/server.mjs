#!/usr/bin/env node
// The framework's floor for `npm run bench`: this folder's empty dynamic page (app/page.jsx,
// bare root layout, no middleware) served the way scripts/start.mjs serves the app (Next's
// handler in a plain http server), built on first use. PORT picks the port.
import '../runtime.mjs'; // first: re-runs this command under Node 24+ when the system Node is older
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.PORT || 3918);
process.env.NODE_ENV = 'production';
const require = createRequire(import.meta.url);

if (!existsSync(path.join(dir, '.next', 'BUILD_ID'))) {
  // Webpack: Turbopack takes the workspace's middleware and instrumentation into a nested app.
  const r = spawnSync(process.execPath, [require.resolve('next/dist/bin/next'), 'build', '--webpack'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NEXT_DIST_DIR: '' },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const app = require('next')({ dev: false, dir, hostname: 'localhost', port });
const handle = app.getRequestHandler();
await app.prepare();
const server = http.createServer((req, res) => handle(req, res));
server.keepAliveTimeout = 65_000;
server.listen(port);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(0));
