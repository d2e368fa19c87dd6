import 'server-only';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { auditActionsOf, type AuditKind } from '@/lib/domain/security-events';
import { getDb } from '@/lib/db/client';
import { auditLog } from '@/lib/db/schema';
import { fieldError } from '@/lib/errors';
import { auditChanges, type AuditChange } from '@/lib/shared/audit-diff';
import type { ConsoleScope } from './scope';
import { recordAudit } from './audit';
import { dayRange, exportFileName, keysetPages } from './list-kit';
import { CSV_MAX_ROWS } from '@/lib/schemas/console-list';

// Reading a brand's audit log (owner only, docs/console.md): newest first, a page at a time by
// keyset on (at, id), so a page is as quick at the end of a long log as at its start and entries
// written meanwhile neither repeat nor go missing. Filters: the action, the actor (an e-mail, or
// 'command line'), the kind of security event (lib/domain/security-events.ts). The cursor carries `at` to the microsecond, as stored.

export type AuditEntryView = { id: string; at: string; actor: string; action: string; target: string; before: unknown; after: unknown; changes: AuditChange[] };
export type AuditPage = { entries: AuditEntryView[]; nextCursor: string | null };

export const AUDIT_PAGE_SIZE = 50;

const encodeCursor = (at: string, id: string) => Buffer.from(`${at}|${id}`, 'utf8').toString('base64url');

function decodeCursor(cursor: string): { at: string; id: string } {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([A-Za-z0-9_-]{1,64})$/.exec(text);
  if (!m) throw fieldError('bad_request', 'cursor', 'is not a cursor of this list; start from the first page');
  return { at: m[1]!, id: m[2]! };
}

/** `at` as stored, to the microsecond, in UTC. */
const atText = sql<string>`to_char(${auditLog.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

type AuditFilter = { action?: string; actor?: string; kind?: AuditKind; from?: string; to?: string };

const auditWhere = (scope: ConsoleScope, args: AuditFilter) => [
  eq(auditLog.clientId, scope.clientId),
  args.action ? eq(auditLog.action, args.action) : undefined,
  args.actor ? eq(auditLog.actor, args.actor) : undefined,
  args.kind ? inArray(auditLog.action, auditActionsOf(args.kind)) : undefined,
  ...dayRange(auditLog.at, args.from, args.to),
];

export async function listAuditLog(scope: ConsoleScope, args: AuditFilter & { cursor?: string; limit?: number }): Promise<AuditPage> {
  const limit = Math.min(Math.max(args.limit ?? AUDIT_PAGE_SIZE, 1), 200);
  const after = args.cursor ? decodeCursor(args.cursor) : undefined;
  const db = await getDb();
  const rows = await db
    .select({ id: auditLog.id, at: atText, actor: auditLog.actor, action: auditLog.action, target: auditLog.target, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(
      and(...auditWhere(scope, args), after ? sql`(${auditLog.at}, ${auditLog.id}) < (${after.at}::timestamptz, ${after.id})` : undefined),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    entries: page.map((r) => ({ ...r, before: r.before ?? null, after: r.after ?? null, changes: auditChanges(r.before, r.after) })),
    nextCursor: rows.length > limit && last ? encodeCursor(last.at, last.id) : null,
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
 * Every entry the filters match, newest first, as CSV rows a keyset page at a time (one page in
 * memory at most); the changes field by field, as the page shows them. The export is itself
 * audited (audit.export, with the filters), before its rows are read.
 */
export async function exportAuditLog(scope: ConsoleScope, args: AuditFilter): Promise<{ fileName: string; rows: AsyncIterable<string[][]> }> {
  const db = await getDb();
  await recordAudit(db, scope, { action: 'audit.export', target: 'audit log', after: { ...args } });
  const where = auditWhere(scope, args);
  const pages = keysetPages(
    async (after, limit) => {
      const rows = await db
        .select({ id: auditLog.id, at: atText, actor: auditLog.actor, action: auditLog.action, target: auditLog.target, before: auditLog.before, after: auditLog.after })
        .from(auditLog)
        .where(and(...where, after ? sql`(${auditLog.at}, ${auditLog.id}) < (${after.value}::timestamptz, ${after.id})` : undefined))
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(limit);
      return rows.map((r) => ({ row: r, key: { value: r.at, id: r.id } }));
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
