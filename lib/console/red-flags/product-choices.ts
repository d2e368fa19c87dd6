import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { products } from '@/lib/db/schema';
import type { ConsoleScope } from '../scope';

/** The brand's products, for the product filter. */
export async function productChoices(scope: ConsoleScope): Promise<Array<{ id: string; name: string }>> {
  const db = await getDb();
  return db.select({ id: products.id, name: products.name }).from(products).where(eq(products.clientId, scope.clientId)).orderBy(asc(products.name), asc(products.id)).limit(500);
}
