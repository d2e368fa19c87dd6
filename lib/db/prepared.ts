import 'server-only';
import type { Db } from './client';

// Drizzle builds a statement's SQL text from its query object on every call (most of its cost on
// the verify page's hot path, docs/benchmarks.md); a prepared statement is built once and then
// only takes its placeholders' values. On PostgreSQL (node-postgres) the name also makes it a
// named statement, parsed once per connection. Names must be unique across the app.

/**
 * A statement prepared once per database handle (tests open several): `build` returns drizzle's
 * `.prepare(name)` of a query whose varying values are `sql.placeholder(…)`s.
 */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
