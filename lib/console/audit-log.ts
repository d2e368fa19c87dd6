import 'server-only';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { auditActionsOf, type AuditKind } from '@/lib/domain/security-events';
import { getDb } from '@/lib/db/client';
import { auditLog } from '@/lib/db/schema';
import { fieldError } from '@/lib/errors';
import { auditChanges, type AuditChange } from '@/lib/shared/audit-diff';
import type { ConsoleScope } from './scope';
import { recordAudit } from './audit';
import { afterKey, dayRange, exportFileName, keysetPages, keyText, orderOf, type SortColumn } from './list-kit';
import { CSV_MAX_ROWS, sortOf } from '@/lib/schemas/console-list';
import type { AUDIT_SORTS } from '@/lib/schemas/console';

// Reading a brand's audit log (owner only, docs/console.md): newest first, a page at a time by
// keyset on (at, id), so a page is as quick at the end of a long log as at its start and entries
// written meanwhile neither repeat nor go missing. Filters: the action, the actor (an e-mail, or
// 'command line'), the kind of security event (lib/domain/security-events.ts). The cursor carries `at` to the microsecond, as stored.

export type AuditEntryView = { id: string; at: string; actor: string; action: string; target: string; before: unknown; after: unknown; changes: AuditChange[] };
export type AuditPage = { entries: AuditEntryView[]; nextCursor: string | null; total: number };

export const AUDIT_PAGE_SIZE = 50;

const encodeCursor = (value: string, id: string) => Buffer.from(`${value}|${id}`, 'utf8').toString('base64url');

/** A cursor of the sort asked: `at` to the microsecond (or the action, or the actor) and the entry's id. */
function decodeCursor(cursor: string, column: AuditSortColumn): { value: string; id: string } {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const m = column === 'at' ? /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([A-Za-z0-9_-]{1,64})$/.exec(text) : /^([^\n]{1,254})\|([A-Za-z0-9_-]{1,64})$/.exec(text);
  if (!m) throw fieldError('bad_request', 'cursor', 'is not a cursor of this list; start from the first page');
  return { value: m[1]!, id: m[2]! };
}

/** `at` as stored, to the microsecond, in UTC. */
const atText = sql<string>`to_char(${auditLog.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

type AuditSortColumn = (typeof AUDIT_SORTS)[number];
type AuditFilter = { action?: string; actor?: string; kind?: AuditKind; from?: string; to?: string; sort?: AuditSortColumn | `-${AuditSortColumn}` };

const AUDIT_SORT_COLUMNS: Record<AuditSortColumn, SortColumn> = {
  at: { expr: auditLog.at, type: 'timestamptz' },
  action: { expr: auditLog.action, type: 'text' },
  actor: { expr: auditLog.actor, type: 'text' },
};

/** The key a row continues from: `at` in the cursor's UTC form, the other columns as they are. */
const keyOf = (column: AuditSortColumn) => (column === 'at' ? atText : keyText(AUDIT_SORT_COLUMNS[column]));

const auditWhere = (scope: ConsoleScope, args: AuditFilter) => [
  eq(auditLog.clientId, scope.clientId),
  args.action ? eq(auditLog.action, args.action) : undefined,
  args.actor ? eq(auditLog.actor, args.actor) : undefined,
  args.kind ? inArray(auditLog.action, auditActionsOf(args.kind)) : undefined,
  ...dayRange(auditLog.at, args.from, args.to),
];

/**
 * A page of entries in the sort asked (newest first by default), by keyset on (column, id), and
 * how many entries the filters match.
 */
export async function listAuditLog(scope: ConsoleScope, args: AuditFilter & { cursor?: string; limit?: number }): Promise<AuditPage> {
  const limit = Math.min(Math.max(args.limit ?? AUDIT_PAGE_SIZE, 1), 200);
  const { column, dir } = sortOf(args.sort ?? '-at');
  const col = AUDIT_SORT_COLUMNS[column];
  const after = args.cursor ? decodeCursor(args.cursor, column) : null;
  const db = await getDb();
  const where = auditWhere(scope, args);
  const rows = await db
    .select({ id: auditLog.id, at: atText, actor: auditLog.actor, action: auditLog.action, target: auditLog.target, before: auditLog.before, after: auditLog.after, key: keyOf(column) })
    .from(auditLog)
    .where(and(...where, afterKey(col, auditLog.id, dir, after)))
    .orderBy(orderOf(col, auditLog.id, dir))
    .limit(limit + 1);
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(auditLog).where(and(...where));
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    entries: page.map((r) => ({ id: r.id, at: r.at, actor: r.actor, action: r.action, target: r.target, before: r.before ?? null, after: r.after ?? null, changes: auditChanges(r.before, r.after) })),
    nextCursor: rows.length > limit && last ? encodeCursor(last.key, last.id) : null,
    total: Number(total),
  };
}

/** The actions and actors that occur in the brand's log, for the filters' choices. */
export async function auditFilterChoices(scope: ConsoleScope): Promise<{ actions: string[]; actors: string[] }> {
  const db = await getDb();
  const actions = await db.selectDistinct({ v: auditLog.action }).from(auditLog).where(eq(auditLog.clientId, scope.clientId)).orderBy(asc(auditLog.action));
  const actors = await db.selectDistinct({ v: auditLog.actor }).from(auditLog).where(eq(auditLog.clientId, scope.clientId)).orderBy(asc(auditLog.actor));
  return { actions: actions.map((a) => a.v), actors: actors.map((a) => a.v) };
}

export const AUDIT_EXPORT_HEADER = ['At', 'Who', 'Action', 'On', 'Changes'] as const;

/**
 * Every entry the filters match, in the sort asked (newest first by default), as CSV rows a keyset page at a time (one page in
 * memory at most); the changes field by field, as the page shows them. The export is itself
 * audited (audit.export, with the filters), before its rows are read.
 */
export async function exportAuditLog(scope: ConsoleScope, args: AuditFilter): Promise<{ fileName: string; rows: AsyncIterable<string[][]> }> {
  const db = await getDb();
  await recordAudit(db, scope, { action: 'audit.export', target: 'audit log', after: { ...args } });
  const where = auditWhere(scope, args);
  const { column, dir } = sortOf(args.sort ?? '-at');
  const col = AUDIT_SORT_COLUMNS[column];
  const pages = keysetPages(
    async (after, limit) => {
      const rows = await db
        .select({ id: auditLog.id, at: atText, actor: auditLog.actor, action: auditLog.action, target: auditLog.target, before: auditLog.before, after: auditLog.after, key: keyOf(column) })
        .from(auditLog)
        .where(and(...where, afterKey(col, auditLog.id, dir, after)))
        .orderBy(orderOf(col, auditLog.id, dir))
        .limit(limit);
      return rows.map((r) => ({ row: r, key: { value: r.key, id: r.id } }));
    },
    { max: CSV_MAX_ROWS },
  );
  async function* out() {
    for await (const page of pages) {
      yield page.map((r) => [
        r.at,
        r.actor,
        r.action,
        r.target,
        auditChanges(r.before, r.after)
          .map((c) => `${c.field}: ${c.before ?? '—'} → ${c.after ?? '—'}`)
          .join('; '),
      ]);
    }
  }
  return { fileName: exportFileName(scope.slug, 'audit'), rows: out() };
}
