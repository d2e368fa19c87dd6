import 'server-only';
import { sql, type SQL, type AnyColumn } from 'drizzle-orm';

// The server half of the console's table kit: the SQL of a sort and of a range of days, keyset
// pages for the exports, and the CSV export itself, streamed (a ReadableStream pulls one page of
// rows at a time from the database, so a list of any length is never held in memory).

/** Rows one keyset page of an export reads. */
export const EXPORT_PAGE_ROWS = 1000;

/** `at` within the days from..to (UTC days, both counted), as the overview counts them. */
export function dayRange(at: AnyColumn | SQL, from?: string, to?: string): SQL[] {
  const out: SQL[] = [];
  if (from) out.push(sql`${at} >= ${`${from}T00:00:00Z`}::timestamptz`);
  if (to) out.push(sql`${at} < ${`${to}T00:00:00Z`}::timestamptz + interval '1 day'`);
  return out;
}

/**
 * A sortable column: its SQL, the type its text form is read back as (for the keyset), and
 * the row's id that breaks ties. Columns are never null, so a row comparison orders them.
 */
export type SortColumn = { expr: AnyColumn | SQL; type: 'timestamptz' | 'date' | 'text' | 'int' };

/** ORDER BY the column then the id, both the same way (so `(col, id) > (…)` continues it). */
export function orderOf(col: SortColumn, id: AnyColumn, dir: 'asc' | 'desc'): SQL {
  return dir === 'asc' ? sql`${col.expr} asc, ${id} asc` : sql`${col.expr} desc, ${id} desc`;
}

/** The rows after a keyset position, in the sort's direction. */
export function afterKey(col: SortColumn, id: AnyColumn, dir: 'asc' | 'desc', key: { value: string; id: string } | null): SQL | undefined {
  if (!key) return undefined;
  const cast = sql.raw(col.type);
  return dir === 'asc' ? sql`(${col.expr}, ${id}) > (cast(${key.value} as ${cast}), ${key.id})` : sql`(${col.expr}, ${id}) < (cast(${key.value} as ${cast}), ${key.id})`;
}

/** The column's text form, exact (a timestamp to the microsecond), for the next page's key. */
export const keyText = (col: SortColumn) => sql<string>`(${col.expr})::text`;

/**
 * One cell of a CSV: quoted when it holds a comma, a quote or a line break; a cell a spreadsheet
 * would run as a formula (starting with = + - @, a tab or a carriage return) is given a leading
 * apostrophe, so it opens as text.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (cells: ReadonlyArray<string | number | boolean | null | undefined>) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * A CSV as a stream: the header, then each page `pages` yields, encoded as it is pulled (the
 * reader's pace sets the database's), so memory holds one page at most. Closing the download
 * early stops the reading.
 */
export function csvStream(header: readonly string[], pages: AsyncIterable<ReadonlyArray<ReadonlyArray<string | number | boolean | null | undefined>>>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = pages[Symbol.asyncIterator]();
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          // A byte-order mark, so a spreadsheet reads the names in UTF-8.
          controller.enqueue(encoder.encode(`\uFEFF${csvLine(header)}`));
          return;
        }
        try {
          const next = await iterator.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(next.value.map(csvLine).join('')));
        } catch (err) {
          console.error('[console] export failed while streaming', err);
          controller.error(err);
        }
      },
      async cancel() {
        await iterator.return?.();
      },
    },
    { highWaterMark: 1 },
  );
}

/**
 * Pages of rows in keyset order until none are left (or `max` rows): `read` gets the last row's
 * key (null for the first page) and returns at most `limit` rows, each with its key.
 */
export async function* keysetPages<R>(
  read: (after: { value: string; id: string } | null, limit: number) => Promise<Array<{ row: R; key: { value: string; id: string } }>>,
  opts: { pageRows?: number; max?: number } = {},
): AsyncGenerator<R[]> {
  const limit = opts.pageRows ?? EXPORT_PAGE_ROWS;
  let after: { value: string; id: string } | null = null;
  let sent = 0;
  for (;;) {
    const rows = await read(after, Math.min(limit, (opts.max ?? Infinity) - sent));
    if (!rows.length) return;
    sent += rows.length;
    yield rows.map((r) => r.row);
    if (rows.length < limit || (opts.max !== undefined && sent >= opts.max)) return;
    after = rows[rows.length - 1]!.key;
  }
}

/** An export's file name: the brand, the list and the day, letters, digits and dashes only. */
export const exportFileName = (slug: string, list: string, now = new Date()) => `${slug}-${list}-${now.toISOString().slice(0, 10)}.csv`.replace(/[^A-Za-z0-9._-]/g, '_');
