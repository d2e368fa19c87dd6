import 'server-only';
import { and, eq, ne } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { products } from '@/lib/db/schema';
import { notFound } from '@/lib/errors';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import { checkGtin } from './check-gtin';
import { taken, isUniqueViolation } from './shared';

export async function setProductGtin(scope: ConsoleScope, productId: string, raw: string | null): Promise<{ productId: string; gtin: string | null }> {
  const gtin = raw === null || raw.trim() === '' ? null : checkGtin(raw);
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(products).where(and(eq(products.clientId, scope.clientId), eq(products.id, productId))).for('update');
      if (!before) throw notFound('Product');
      if (gtin) {
        const [other] = await tx.select({ id: products.id }).from(products).where(and(eq(products.clientId, scope.clientId), eq(products.gtin, gtin), ne(products.id, productId)));
        if (other) throw taken('gtin', gtin);
      }
      await tx.update(products).set({ gtin }).where(and(eq(products.clientId, scope.clientId), eq(products.id, productId)));
      await recordAudit(tx, scope, { action: 'product.gtin', target: productId, before: { gtin: before.gtin }, after: { gtin } });
      return { productId, gtin };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken('gtin', gtin ?? '');
    throw err;
  }
}
