// One server's start-up step (lib/server/startup.ts: secrets, migrations, the demo brand) in a
// process of its own, as instrumentation.ts runs it in a server; for tests of concurrent starts.
// Run with --conditions=react-server. Exits 0 after closing the database, 1 with the reason.
import { loadAppModule } from '../../scripts/app-bundle.mjs';

const { closeDb, startOrExit, startServer } = await loadAppModule('tests/support/startup-modules.ts');

if (process.argv.includes('--or-exit')) {
  await startOrExit(); // the server's own hook: exits 1 with the reason on failure
  console.log('started');
} else {
  const { demoSeeded } = await startServer();
  console.log(JSON.stringify({ demoSeeded }));
}
await closeDb();
