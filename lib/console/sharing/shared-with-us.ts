import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { brandShares, clients } from '@/lib/db/schema';
import type { SharedWithUs } from '@/lib/schemas/console-sharing';
import type { ConsoleScope } from '../scope';
import { organisation } from './shared';

// ---- The retailer's side ----

/** The brands sharing at least one kind with this organisation (none unless it is a Retailer). */
export async function sharedWithUs(scope: ConsoleScope): Promise<SharedWithUs> {
  const db = await getDb();
  const me = await organisation(db, scope.clientId);
  if (me.type !== 'Retailer') return { brands: [] };
  const rows = await db
    .select({ slug: clients.slug, name: clients.organizationName, scans: brandShares.shareScans, complaints: brandShares.shareComplaints })
    .from(brandShares)
    .innerJoin(clients, eq(clients.id, brandShares.brandClientId))
    .where(and(eq(brandShares.retailerClientId, me.id), sql`(${brandShares.shareScans} or ${brandShares.shareComplaints})`))
    .orderBy(asc(clients.organizationName), asc(clients.slug));
  return { brands: rows };
}
