import 'server-only';
import { getDb } from '@/lib/db/client';
import { feedback } from '@/lib/db/schema';
import { CSV_MAX_ROWS, sortOf } from '@/lib/schemas/console-list';
import type { FeedbackExportQuery } from '@/lib/schemas/console-feedback';
import { recordAudit } from '../audit';
import { afterKey, exportFileName, keysetPages, orderOf } from '../list-kit';
import type { ConsoleScope } from '../scope';
import { feedbackWhere, FEEDBACK_SORT_COLUMNS, selectFeedback } from './shared';

export const FEEDBACK_EXPORT_HEADER = ['Feedback', 'Given', 'Rating', 'Comment', 'Product', 'Batch', 'Unit'] as const;

/**
 * Every answer the filters match, in the sort asked, as CSV rows a keyset page at a time (the
 * table kit), for everyone who reads feedback. It names no customer: nobody changes feedback, so
 * no role acts on those customers (docs/console.md, "Lists"). Audited as feedback.export.
 */
export async function exportFeedback(scope: ConsoleScope, query: FeedbackExportQuery): Promise<{ fileName: string; rows: AsyncIterable<string[][]> }> {
  const db = await getDb();
  const where = feedbackWhere(scope.clientId, query);
  const { column, dir } = sortOf(query.sort);
  const col = FEEDBACK_SORT_COLUMNS[column];
  await recordAudit(db, scope, { action: 'feedback.export', target: 'feedback', after: { ...query } });
  const pages = keysetPages(
    async (after, limit) => {
      const rows = await selectFeedback(db, scope.clientId, [...where, ...(after ? [afterKey(col, feedback.id, dir, after)!] : [])], col)
        .orderBy(orderOf(col, feedback.id, dir))
        .limit(limit);
      return rows.map((r) => ({ row: r, key: { value: r.key, id: r.f.id } }));
    },
    { max: CSV_MAX_ROWS },
  );
  async function* out() {
    for await (const page of pages) {
      yield page.map(({ f, productName, batch }) => [f.id, f.createdAt.toISOString(), String(f.rating), f.comment, productName ?? '', batch ?? '', f.unitId ?? '']);
    }
  }
  return { fileName: exportFileName(scope.slug, 'feedback'), rows: out() };
}
