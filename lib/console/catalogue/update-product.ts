import 'server-only';
import { and, count, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { batches, products } from '@/lib/db/schema';
import { notFound } from '@/lib/errors';
import type { ConsoleProduct, ProductInput } from '@/lib/schemas/console-catalogue';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import { checkImagesBelong, auditedProduct, productOut } from './shared';

export async function updateProduct(scope: ConsoleScope, productId: string, input: ProductInput): Promise<ConsoleProduct> {
  await checkImagesBelong(scope, input.images);
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(products).where(and(eq(products.clientId, scope.clientId), eq(products.id, productId))).for('update');
    if (!before) throw notFound('Product');
    const [after] = await tx
      .update(products)
      .set({ name: input.name, description: input.description, images: input.images, attributes: input.attributes, warrantyMonths: input.warrantyMonths })
      .where(and(eq(products.clientId, scope.clientId), eq(products.id, productId)))
      .returning();
    await recordAudit(tx, scope, { action: 'product.update', target: productId, before: auditedProduct(before), after: auditedProduct(after!) });
    return after!;
  });
  const [n] = await db.select({ n: count() }).from(batches).where(and(eq(batches.clientId, scope.clientId), eq(batches.productId, row.id)));
  return productOut(row, Number(n?.n ?? 0));
}
