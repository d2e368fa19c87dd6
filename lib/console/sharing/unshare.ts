import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { brandShares } from '@/lib/db/schema';
import { ApiError } from '@/lib/errors';
import { unshareBodySchema, type SharingView } from '@/lib/schemas/console-sharing';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import { getSharing } from './get-sharing';
import { manufacturerOf, retailerBySlug } from './shared';

/** Stops sharing anything with a retailer (its batches stay assigned to it). */
export async function unshare(scope: ConsoleScope, input: { retailer: string }): Promise<SharingView> {
  const args = unshareBodySchema.parse(input);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const brand = await manufacturerOf(tx, scope);
    const retailer = await retailerBySlug(tx, brand.id, args.retailer);
    const [gone] = await tx
      .delete(brandShares)
      .where(and(eq(brandShares.brandClientId, brand.id), eq(brandShares.retailerClientId, retailer.id)))
      .returning();
    if (!gone) throw new ApiError('not_found', `Nothing is shared with ${retailer.slug}`);
    await recordAudit(tx, scope, { action: 'sharing.remove', target: retailer.slug, before: { scans: gone.shareScans, complaints: gone.shareComplaints } });
  });
  return getSharing(scope);
}
