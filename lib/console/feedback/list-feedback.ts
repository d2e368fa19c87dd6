import 'server-only';
import { and, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { feedback } from '@/lib/db/schema';
import { sortOf } from '@/lib/schemas/console-list';
import type { ConsoleFeedbackList, FeedbackListQuery } from '@/lib/schemas/console-feedback';
import { orderOf } from '../list-kit';
import { productChoices } from '../red-flags';
import type { ConsoleScope } from '../scope';
import { customerName } from '../customer-name';
import { feedbackWhere, FEEDBACK_SORT_COLUMNS, selectFeedback } from './shared';

/** A page of feedback in the sort asked (newest first by default), how many match and their mean rating. */
export async function listFeedback(scope: ConsoleScope, q: FeedbackListQuery): Promise<ConsoleFeedbackList> {
  const db = await getDb();
  const where = feedbackWhere(scope.clientId, q);
  const { column, dir } = sortOf(q.sort ?? '-created');
  const col = FEEDBACK_SORT_COLUMNS[column];
  const [agg = { total: 0, average: null }] = await db
    .select({ total: sql<number>`count(*)::int`, average: sql<string | null>`round(avg(${feedback.rating}), 2)` })
    .from(feedback)
    .where(and(...where));
  const rows = await selectFeedback(db, scope.clientId, where, col)
    .orderBy(orderOf(col, feedback.id, dir))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return {
    feedback: rows.map(({ f, productName, customer }) => ({
      id: f.id,
      rating: f.rating,
      comment: f.comment,
      customerName: customerName(customer),
      productName: productName ?? null,
      unitId: f.unitId,
      createdAt: f.createdAt.toISOString(),
    })),
    page: q.page,
    pageSize: q.pageSize,
    total: Number(agg.total),
    averageRating: agg.average === null ? null : Number(agg.average),
    products: await productChoices(scope),
  };
}
