// The embedded database in its own thread (lib/db/pglite-thread.ts): PGlite's work runs on
// another core than the server's rendering. Messages: {id, op, ...} in, {id, ok, value|error} out.
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol, types } from '@electric-sql/pglite';

const raw = (v) => v;
// Dates, intervals and their arrays as text, as drizzle asks of PGlite (drizzle-orm/pglite).
const rawParsers = { [types.TIMESTAMP]: raw, [types.TIMESTAMPTZ]: raw, [types.INTERVAL]: raw, [types.DATE]: raw, 1231: raw, 1115: raw, 1185: raw, 1187: raw, 1182: raw };

const { dataDir, options, memoryTemplate } = workerData;
// A new data folder has been given the build's template already (lib/db/template.ts). An
// in-memory database (the tests) is loaded from its template's dump, when it has one, instead of
// being created from nothing (lib/db/client.ts, DB_MEMORY_TEMPLATE).
if (memoryTemplate) options.loadDataDir = new Blob([readFileSync(memoryTemplate)], { type: 'application/x-gzip' });
const db = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
const open = new Map(); // transaction id → { tx, finish, done }
let nextTx = 1;

// Named statements: PGlite's query() parses, analyses and describes its text on every call
// (six round trips into PostgreSQL); the app sends the same few texts over and over (drizzle's
// prepared statements, every scan's three). Outside a transaction, a text is parsed once under a
// name and then only bound and executed (four round trips, no parse), as PostgreSQL's own
// drivers do. A text is named the second time it comes (migrations and one-off statements are
// not kept), and at most MAX_NAMED texts are; the others go through query() as before.
const MAX_NAMED = 256;
const named = new Map(); // text → { name, paramTypes }
const seenOnce = new Set(); // texts seen once, not yet named (emptied when it grows large)
let nextName = 1;
const { serialize } = protocol;
const { parseDescribeStatementResults, parseResults } = parse;

/** PGlite's query() (its #runQuery, same locks and parsing) with the text parsed once per name. */
async function queryNamed(sql, params = [], options) {
  await db._checkReady();
  return db._runExclusiveTransaction(() =>
    db._runExclusiveQuery(async () => {
      const send = (message) => db.execProtocolStream(message, { syncToFs: false });
      const messages = [];
      try {
        let statement = named.get(sql);
        if (!statement) {
          const name = `w${nextName++}`;
          await send(serialize.parse({ name, text: sql }));
          statement = { name, paramTypes: parseDescribeStatementResults(await send(serialize.describe({ type: 'S', name }))) };
          named.set(sql, statement);
        }
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serializer = db.serializers[statement.paramTypes[i]];
          return serializer ? serializer(value) : value.toString();
        });
        messages.push(
          ...(await send(serialize.bind({ statement: statement.name, values }))),
          ...(await send(serialize.describe({ type: 'P' }))),
          ...(await send(serialize.execute({}))),
        );
      } finally {
        messages.push(...(await send(serialize.sync())));
      }
      await db.syncToFs();
      return parseResults(messages, db.parsers, options)[0];
    }),
  );
}

/** Whether this text came before (a text is sent again: worth naming). */
function repeated(sql) {
  if (seenOnce.delete(sql)) return true;
  if (seenOnce.size >= 4 * MAX_NAMED) seenOnce.clear();
  seenOnce.add(sql);
  return false;
}

function run(target, msg) {
  if (msg.op === 'exec') return target.exec(msg.sql);
  const options = { rowMode: msg.rowMode, ...(msg.rawDates ? { parsers: rawParsers } : {}) };
  if (target === db && (named.has(msg.sql) || (named.size < MAX_NAMED && repeated(msg.sql)))) return queryNamed(msg.sql, msg.params, options);
  return target.query(msg.sql, msg.params, options);
}

const plain = (r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows });

async function handle(msg) {
  switch (msg.op) {
    case 'ready':
      await db.waitReady;
      return null;
    case 'query':
    case 'exec': {
      const target = msg.tx ? open.get(msg.tx)?.tx : db;
      if (!target) throw new Error('transaction is over');
      const r = await run(target, msg);
      return msg.op === 'exec' ? r.map(plain) : plain(r);
    }
    case 'begin': {
      const id = nextTx++;
      await new Promise((started, failed) => {
        db.transaction(
          (tx) =>
            new Promise((resolve, reject) => {
              open.set(id, { tx, finish: { resolve, reject } });
              started();
            }),
        )
          .then(
            () => open.get(id)?.done?.resolve(),
            (err) => (open.has(id) ? open.get(id).done?.reject(err) : failed(err)),
          )
          .finally(() => open.delete(id));
      });
      return id;
    }
    case 'commit':
    case 'rollback': {
      const t = open.get(msg.tx);
      if (!t) throw new Error('transaction is over');
      const done = new Promise((resolve, reject) => (t.done = { resolve, reject }));
      if (msg.op === 'commit') t.finish.resolve();
      else t.finish.reject(Object.assign(new Error('rolled back'), { rolledBack: true }));
      await done.catch((err) => {
        if (!err?.rolledBack) throw err;
      });
      return null;
    }
    case 'close':
      await db.close();
      return null;
    case 'detach':
      // A client lets go of a kept thread (lib/db/pglite-thread.ts, ThreadKeeper): any transaction
      // it left open is rolled back, so the next client finds the database free.
      for (const t of [...open.values()]) t.finish.reject(Object.assign(new Error('rolled back'), { rolledBack: true }));
      return null;
    default:
      throw new Error(`unknown op ${msg.op}`);
  }
}

parentPort.on('message', (msg) => {
  handle(msg).then(
    (value) => parentPort.postMessage({ id: msg.id, ok: true, value }),
    (err) => parentPort.postMessage({ id: msg.id, ok: false, error: { message: err?.message ?? String(err), code: err?.code, detail: err?.detail, constraint: err?.constraint, severity: err?.severity, table: err?.table, column: err?.column } }),
  );
});
