import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { batches, brandShares, clients, products } from '@/lib/db/schema';
import type { SharingView } from '@/lib/schemas/console-sharing';
import type { ConsoleScope } from '../scope';

export async function getSharing(scope: ConsoleScope): Promise<SharingView> {
  const db = await getDb();
  const rows = await db
    .select({ s: brandShares, slug: clients.slug, name: clients.organizationName })
    .from(brandShares)
    .innerJoin(clients, eq(clients.id, brandShares.retailerClientId))
    .where(eq(brandShares.brandClientId, scope.clientId))
    .orderBy(asc(clients.slug));
  const assigned = await db
    .select({ retailer: batches.retailerClientId, batchNumber: batches.batchNumber, productName: products.name })
    .from(batches)
    .innerJoin(products, and(eq(products.id, batches.productId), eq(products.clientId, scope.clientId)))
    .where(and(eq(batches.clientId, scope.clientId), sql`${batches.retailerClientId} is not null`))
    .orderBy(asc(batches.batchNumber));
  return {
    shares: rows.map(({ s, slug, name }) => ({
      retailer: slug,
      retailerName: name,
      scans: s.shareScans,
      complaints: s.shareComplaints,
      batches: assigned.filter((b) => b.retailer === s.retailerClientId).map(({ batchNumber, productName }) => ({ batchNumber, productName })),
      createdAt: s.createdAt.toISOString(),
    })),
  };
}
