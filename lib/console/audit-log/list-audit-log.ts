import 'server-only';
import { and, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { auditLog } from '@/lib/db/schema';
import { fieldError } from '@/lib/errors';
import { auditChanges, type AuditChange } from '@/lib/shared/audit-diff';
import type { ConsoleScope } from '../scope';
import { afterKey, orderOf } from '../list-kit';
import { sortOf } from '@/lib/schemas/console-list';
import { type AuditSortColumn, type AuditFilter, AUDIT_SORT_COLUMNS, auditWhere, atText, keyOf } from './shared';

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
