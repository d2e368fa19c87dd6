// Applies every migration to the PostgreSQL database at argv[2], as a server's start-up does
// (lib/db/migrate.ts, under its advisory lock), for the test run's template database
// (tests/support/db-template.ts). Run with --conditions=react-server. Prints the migrations applied.
import { loadAppModule } from '../../scripts/app-bundle.mjs';

const { migrate } = await loadAppModule('lib/db/migrate.ts');
const { default: pg } = await import('pg');

const client = new pg.Client({ connectionString: process.argv[2] });
await client.connect();
try {
  const applied = await migrate({ query: (s, p) => client.query(s, p), exec: (s) => client.query(s) }, { advisory: true });
  console.log(applied.length);
} finally {
  await client.end();
}
