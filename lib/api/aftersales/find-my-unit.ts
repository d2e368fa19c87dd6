import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { batches, claims, codes, products } from '@/lib/db/schema';
import { notFound } from '@/lib/errors';
import type { DbOrTx } from './db';

// A unit this customer has claimed (by a post-sale scan), with its product and batch. Unclaimed
// units, units of another customer and anything of another brand are all 'not found'.

function unitQuery(db: DbOrTx, clientId: string, customerId: string, unitId?: string) {
  return db
    .select({ claim: claims, product: products, batch: batches })
    .from(claims)
    .innerJoin(codes, and(eq(codes.pairId, claims.unitId), eq(codes.clientId, clientId)))
    .innerJoin(products, and(eq(products.id, codes.productId), eq(products.clientId, clientId)))
    .innerJoin(batches, and(eq(batches.id, codes.batchId), eq(batches.clientId, clientId)))
    .where(and(eq(claims.clientId, clientId), eq(claims.customerId, customerId), unitId === undefined ? undefined : eq(claims.unitId, unitId)));
}

export type MyUnit = { unitId: string; claimedAt: Date; product: typeof products.$inferSelect; batch: typeof batches.$inferSelect };

export async function findMyUnit(db: DbOrTx, clientId: string, customerId: string, unitId: string): Promise<MyUnit> {
  const [row] = await unitQuery(db, clientId, customerId, unitId).limit(1);
  if (!row) throw notFound('Product');
  return { unitId: row.claim.unitId, claimedAt: row.claim.claimedAt, product: row.product, batch: row.batch };
}

/** Every unit the customer has claimed, newest first (a unit's two codes count once). */
export async function listMyUnits(db: DbOrTx, clientId: string, customerId: string): Promise<MyUnit[]> {
  const rows = await unitQuery(db, clientId, customerId).orderBy(desc(claims.claimedAt));
  const seen = new Map<string, MyUnit>();
  for (const r of rows) {
    if (!seen.has(r.claim.unitId)) seen.set(r.claim.unitId, { unitId: r.claim.unitId, claimedAt: r.claim.claimedAt, product: r.product, batch: r.batch });
  }
  return [...seen.values()];
}
