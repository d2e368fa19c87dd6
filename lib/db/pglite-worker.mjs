// The embedded database in its own thread (lib/db/pglite-thread.ts): PGlite's work runs on
// another core than the server's rendering. Messages: {id, op, ...} in, {id, ok, value|error} out.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';

const raw = (v) => v;
// Dates, intervals and their arrays as text, as drizzle asks of PGlite (drizzle-orm/pglite).
const rawParsers = { [types.TIMESTAMP]: raw, [types.TIMESTAMPTZ]: raw, [types.INTERVAL]: raw, [types.DATE]: raw, 1231: raw, 1115: raw, 1185: raw, 1187: raw, 1182: raw };

const { dataDir, options } = workerData;
const db = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
const open = new Map(); // transaction id → { tx, finish, done }
let nextTx = 1;

function run(target, msg) {
  if (msg.op === 'exec') return target.exec(msg.sql);
  return target.query(msg.sql, msg.params, { rowMode: msg.rowMode, ...(msg.rawDates ? { parsers: rawParsers } : {}) });
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
