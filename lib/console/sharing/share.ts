import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { brandShares } from '@/lib/db/schema';
import { shareBodySchema, type ShareInput, type SharingView } from '@/lib/schemas/console-sharing';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import { getSharing } from './get-sharing';
import { manufacturerOf, retailerBySlug } from './shared';

/** Shares with a retailer, or changes which kinds are shared; a kind left out keeps its value (off when new). */
export async function share(scope: ConsoleScope, input: ShareInput): Promise<SharingView> {
  const args = shareBodySchema.parse(input);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const brand = await manufacturerOf(tx, scope);
    const retailer = await retailerBySlug(tx, brand.id, args.retailer);
    const [before] = await tx
      .select()
      .from(brandShares)
      .where(and(eq(brandShares.brandClientId, brand.id), eq(brandShares.retailerClientId, retailer.id)))
      .for('update');
    const after = { scans: args.scans ?? before?.shareScans ?? false, complaints: args.complaints ?? before?.shareComplaints ?? false };
    await tx
      .insert(brandShares)
      .values({ brandClientId: brand.id, retailerClientId: retailer.id, shareScans: after.scans, shareComplaints: after.complaints })
      .onConflictDoUpdate({
        target: [brandShares.brandClientId, brandShares.retailerClientId],
        set: { shareScans: after.scans, shareComplaints: after.complaints, updatedAt: new Date() },
      });
    await recordAudit(tx, scope, {
      action: before ? 'sharing.update' : 'sharing.add',
      target: retailer.slug,
      before: before ? { scans: before.shareScans, complaints: before.shareComplaints } : undefined,
      after,
    });
  });
  return getSharing(scope);
}
