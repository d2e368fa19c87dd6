import 'server-only';
import { and, asc, count, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { batches, products } from '@/lib/db/schema';
import type { ConsoleProduct } from '@/lib/schemas/console-catalogue';
import type { ConsoleScope } from '../scope';
import { productOut } from './shared';

export async function listProducts(scope: ConsoleScope): Promise<ConsoleProduct[]> {
  const db = await getDb();
  const rows = await db
    .select({ product: products, batches: count(batches.id) })
    .from(products)
    .leftJoin(batches, and(eq(batches.productId, products.id), eq(batches.clientId, scope.clientId)))
    .where(eq(products.clientId, scope.clientId))
    .groupBy(products.id)
    .orderBy(asc(products.createdAt), asc(products.id));
  return rows.map((r) => productOut(r.product, Number(r.batches)));
}
