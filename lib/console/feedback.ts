import 'server-only';
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db/client';
import { batches, codes, customers, feedback, products } from '@/lib/db/schema';
import { CSV_MAX_ROWS, sortOf } from '@/lib/schemas/console-list';
import type { ConsoleFeedbackList, FEEDBACK_SORTS, FeedbackExportQuery, FeedbackListQuery } from '@/lib/schemas/console-feedback';
import { recordAudit } from './audit';
import { afterKey, dayRange, exportFileName, keysetPages, keyText, orderOf, type SortColumn } from './list-kit';
import { productChoices } from './red-flags';
import type { ConsoleScope } from './scope';
import { customerName, customerNameCols } from './customer-name';

// Customers' feedback of a brand for the console (issue 12): read-only, through the table kit:
// sorted by when it was given or its rating, filtered by rating, comment, days, product and batch
// (of the unit it was given on), counted with the mean rating, and exported as filtered. Scoped by
// scope.clientId.

type FeedbackFilter = Omit<FeedbackExportQuery, 'sort'>;

const FEEDBACK_SORT_COLUMNS: Record<(typeof FEEDBACK_SORTS)[number], SortColumn> = {
  created: { expr: feedback.createdAt, type: 'timestamptz' },
  rating: { expr: feedback.rating, type: 'int' },
};

// A unit's product and batch: any of its codes (a unit is its codes' pair id, or a lone code's id).
const unitProduct = (clientId: string) =>
  sql<string | null>`(select ${codes.productId} from ${codes} where ${codes.clientId} = ${clientId} and coalesce(${codes.pairId}, ${codes.id}) = ${feedback.unitId} limit 1)`;
const unitBatch = (clientId: string) =>
  sql<string | null>`(select ${batches.batchNumber} from ${codes} join ${batches} on ${batches.id} = ${codes.batchId} and ${batches.clientId} = ${clientId}
    where ${codes.clientId} = ${clientId} and coalesce(${codes.pairId}, ${codes.id}) = ${feedback.unitId} limit 1)`;

function feedbackWhere(clientId: string, q: FeedbackFilter): SQL[] {
  const where: SQL[] = [eq(feedback.clientId, clientId)];
  if (q.rating !== undefined) where.push(eq(feedback.rating, q.rating));
  if (q.comment === 'with') where.push(ne(sql`trim(${feedback.comment})`, ''));
  if (q.product) where.push(sql`${unitProduct(clientId)} = ${q.product}`);
  if (q.batch) {
    where.push(sql`${feedback.unitId} in (select coalesce(${codes.pairId}, ${codes.id}) from ${codes} join ${batches} on ${batches.id} = ${codes.batchId} and ${batches.clientId} = ${clientId}
      where ${codes.clientId} = ${clientId} and upper(${batches.batchNumber}) = upper(${q.batch}))`);
  }
  where.push(...dayRange(feedback.createdAt, q.from, q.to));
  return where;
}

function selectFeedback(db: Pick<Db, 'select'>, clientId: string, where: SQL[], col: SortColumn) {
  return db
    .select({ f: feedback, productName: products.name, batch: unitBatch(clientId), customer: customerNameCols, key: keyText(col) })
    .from(feedback)
    .leftJoin(products, and(eq(products.id, unitProduct(clientId)), eq(products.clientId, clientId)))
    .leftJoin(customers, and(eq(customers.id, feedback.customerId), eq(customers.clientId, clientId)))
    .where(and(...where))
    .$dynamic();
}

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
