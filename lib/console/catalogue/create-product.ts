import 'server-only';
import { getDb } from '@/lib/db/client';
import { products } from '@/lib/db/schema';
import { randomId } from '@/lib/ids';
import type { ConsoleProduct, ProductInput } from '@/lib/schemas/console-catalogue';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import { checkImagesBelong, auditedProduct, productOut } from './shared';

export async function createProduct(scope: ConsoleScope, input: ProductInput): Promise<ConsoleProduct> {
  await checkImagesBelong(scope, input.images);
  const db = await getDb();
  const id = randomId('pr', 16);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(products)
      .values({
        id,
        clientId: scope.clientId,
        name: input.name,
        description: input.description,
        images: input.images,
        attributes: input.attributes,
        warrantyMonths: input.warrantyMonths,
      })
      .returning();
    await recordAudit(tx, scope, { action: 'product.create', target: id, after: auditedProduct(created!) });
    return created!;
  });
  return productOut(row, 0);
}
