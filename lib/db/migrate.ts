import 'server-only';
import { migrations } from './migrations';

// Applies pending migrations in order. On PostgreSQL an advisory lock keeps several app
// servers starting at once from racing; PGlite has one process by construction.

type Exec = {
  query: (sql: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;
  exec: (sql: string) => Promise<unknown>;
};

/** The start-up lock: migrations and the demo seed run under it (lib/db/client.ts withStartupLock). */
export const ADVISORY_KEY = 727_001;

export async function migrate(conn: Exec, { advisory }: { advisory: boolean }) {
  if (advisory) await conn.query('select pg_advisory_lock($1)', [ADVISORY_KEY]);
  try {
    await conn.exec(
      'create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())',
    );
    const done = new Set(
      ((await conn.query('select id from schema_migrations')).rows as { id: string }[]).map((r) => r.id),
    );
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.id)) continue;
      await conn.exec(`begin;\n${m.sql}\ninsert into schema_migrations (id) values ('${m.id}');\ncommit;`);
      applied.push(m.id);
    }
    return applied;
  } catch (err) {
    await conn.exec('rollback').catch(() => {});
    throw err;
  } finally {
    if (advisory) await conn.query('select pg_advisory_unlock($1)', [ADVISORY_KEY]);
  }
}
