import 'server-only';
import { and } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { auditLog } from '@/lib/db/schema';
import { auditChanges } from '@/lib/shared/audit-diff';
import type { ConsoleScope } from '../scope';
import { recordAudit } from '../audit';
import { afterKey, exportFileName, keysetPages, orderOf } from '../list-kit';
import { CSV_MAX_ROWS, sortOf } from '@/lib/schemas/console-list';
import { type AuditFilter, auditWhere, AUDIT_SORT_COLUMNS, atText, keyOf } from './shared';

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
