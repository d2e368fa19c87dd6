import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { claimDisputes, codes, products } from '@/lib/db/schema';

// GET /api/disputes — the customer's own disputes, newest first, with their state; never who
// else claimed the unit. Scoped by brand and customer.

export async function listMyDisputes(clientId: string, customerId: string) {
  const db = await getDb();
  const rows = await db
    .select({ d: claimDisputes, productName: products.name })
    .from(claimDisputes)
    .innerJoin(codes, and(eq(codes.id, claimDisputes.codeId), eq(codes.clientId, clientId)))
    .innerJoin(products, and(eq(products.id, codes.productId), eq(products.clientId, clientId)))
    .where(and(eq(claimDisputes.clientId, clientId), eq(claimDisputes.customerId, customerId)))
    .orderBy(desc(claimDisputes.createdAt), desc(claimDisputes.id))
    .limit(100);
  return {
    disputes: rows.map(({ d, productName }) => ({
      disputeId: d.id,
      productName,
      status: d.status,
      reason: d.status === 'rejected' ? d.reason : null,
      createdAt: d.createdAt.toISOString(),
      decidedAt: d.decidedAt?.toISOString() ?? null,
    })),
  };
}
