import 'server-only';
import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { codes, customers, feedback, products } from '@/lib/db/schema';
import type { ConsoleFeedbackList, FeedbackListQuery } from '@/lib/schemas/console-feedback';
import { productChoices } from './red-flags';
import type { ConsoleScope } from './scope';
import { customerName, customerNameCols } from './customer-name';

// Customers' feedback of a brand for the console (issue 12): read-only, filtered by rating,
// comment and product (the product of the unit it was given on). Scoped by scope.clientId.

export async function listFeedback(scope: ConsoleScope, q: FeedbackListQuery): Promise<ConsoleFeedbackList> {
  const db = await getDb();
  const where: SQL[] = [eq(feedback.clientId, scope.clientId)];
  if (q.rating !== undefined) where.push(eq(feedback.rating, q.rating));
  if (q.comment === 'with') where.push(ne(sql`trim(${feedback.comment})`, ''));
  // A unit's product: any of its codes (a unit is its codes' pair id, or a lone code's id).
  const unitProduct = sql<string | null>`(select ${codes.productId} from ${codes} where ${codes.clientId} = ${scope.clientId} and coalesce(${codes.pairId}, ${codes.id}) = ${feedback.unitId} limit 1)`;
  if (q.product) where.push(sql`${unitProduct} = ${q.product}`);
  const [agg = { total: 0, average: null }] = await db
    .select({ total: sql<number>`count(*)::int`, average: sql<string | null>`round(avg(${feedback.rating}), 2)` })
    .from(feedback)
    .where(and(...where));
  const rows = await db
    .select({ f: feedback, productName: products.name, customer: customerNameCols })
    .from(feedback)
    .leftJoin(products, and(eq(products.id, unitProduct), eq(products.clientId, scope.clientId)))
    .leftJoin(customers, and(eq(customers.id, feedback.customerId), eq(customers.clientId, scope.clientId)))
    .where(and(...where))
    .orderBy(desc(feedback.createdAt), asc(feedback.id))
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
