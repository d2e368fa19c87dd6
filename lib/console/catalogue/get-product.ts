import 'server-only';
import { and, count, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { batches, products } from '@/lib/db/schema';
import { notFound } from '@/lib/errors';
import type { ConsoleProduct } from '@/lib/schemas/console-catalogue';
import type { ConsoleScope } from '../scope';
import { type ProductRow, productOut } from './shared';

async function productRow(scope: ConsoleScope, productId: string): Promise<ProductRow> {
  const db = await getDb();
  const [row] = await db.select().from(products).where(and(eq(products.clientId, scope.clientId), eq(products.id, productId)));
  if (!row) throw notFound('Product');
  return row;
}

export async function getProduct(scope: ConsoleScope, productId: string): Promise<ConsoleProduct> {
  const row = await productRow(scope, productId);
  const db = await getDb();
  const [n] = await db.select({ n: count() }).from(batches).where(and(eq(batches.clientId, scope.clientId), eq(batches.productId, row.id)));
  return productOut(row, Number(n?.n ?? 0));
}
