import { PGliteThread } from '@/lib/db/pglite-thread';

// Run by tests/api/pglite-thread.test.ts in a process of its own, with nothing else to keep it
// alive: it must still wait for the database's answer, then exit.
const db = new PGliteThread(undefined, {});
void db.waitReady.then(() => db.query('select pg_sleep(0.3), 42 as n')).then((r) => console.log(`answer ${JSON.stringify(r.rows)}`));
