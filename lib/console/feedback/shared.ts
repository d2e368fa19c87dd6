import 'server-only';
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { batches, codes, customers, feedback, products } from '@/lib/db/schema';
import type { FEEDBACK_SORTS, FeedbackExportQuery } from '@/lib/schemas/console-feedback';
import { dayRange, keyText, type SortColumn } from '../list-kit';
import { customerNameCols } from '../customer-name';

type FeedbackFilter = Omit<FeedbackExportQuery, 'sort'>;

export const FEEDBACK_SORT_COLUMNS: Record<(typeof FEEDBACK_SORTS)[number], SortColumn> = {
  created: { expr: feedback.createdAt, type: 'timestamptz' },
  rating: { expr: feedback.rating, type: 'int' },
};

// A unit's product and batch: any of its codes (a unit is its codes' pair id, or a lone code's id).
const unitProduct = (clientId: string) =>
  sql<string | null>`(select ${codes.productId} from ${codes} where ${codes.clientId} = ${clientId} and coalesce(${codes.pairId}, ${codes.id}) = ${feedback.unitId} limit 1)`;

const unitBatch = (clientId: string) =>
  sql<string | null>`(select ${batches.batchNumber} from ${codes} join ${batches} on ${batches.id} = ${codes.batchId} and ${batches.clientId} = ${clientId}
    where ${codes.clientId} = ${clientId} and coalesce(${codes.pairId}, ${codes.id}) = ${feedback.unitId} limit 1)`;

export function feedbackWhere(clientId: string, q: FeedbackFilter): SQL[] {
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

export function selectFeedback(db: Pick<Db, 'select'>, clientId: string, where: SQL[], col: SortColumn) {
  return db
    .select({ f: feedback, productName: products.name, batch: unitBatch(clientId), customer: customerNameCols, key: keyText(col) })
    .from(feedback)
    .leftJoin(products, and(eq(products.id, unitProduct(clientId)), eq(products.clientId, clientId)))
    .leftJoin(customers, and(eq(customers.id, feedback.customerId), eq(customers.clientId, clientId)))
    .where(and(...where))
    .$dynamic();
}
