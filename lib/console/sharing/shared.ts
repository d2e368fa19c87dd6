import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db/db-or-tx';
import { brandShares, clients } from '@/lib/db/schema';
import { ApiError, fieldError } from '@/lib/errors';
import type { ConsoleScope } from '../scope';

export async function organisation(db: DbOrTx, clientId: string) {
  const [row] = await db.select({ id: clients.id, slug: clients.slug, name: clients.organizationName, type: clients.organizationType }).from(clients).where(eq(clients.id, clientId));
  if (!row) throw new ApiError('not_found', 'No such brand');
  return row;
}

/** The sharing brand must be a Manufacturer. */
export async function manufacturerOf(db: DbOrTx, scope: ConsoleScope) {
  const brand = await organisation(db, scope.clientId);
  if (brand.type === 'Retailer') throw new ApiError('conflict', 'A Retailer organisation does not share with retailers; only a Manufacturer brand does');
  return brand;
}

/**
 * A retailer named by slug: a Retailer organisation other than the brand itself, or 422 at
 * `retailer`, with one answer for a slug nobody has, a Manufacturer's and the brand's own, so the
 * look-up tells nothing about organisations that have not shared with the caller (issue 28).
 */
export async function retailerBySlug(db: DbOrTx, brandId: string, slug: string) {
  const [row] = await db.select({ id: clients.id, slug: clients.slug, name: clients.organizationName, type: clients.organizationType }).from(clients).where(eq(clients.slug, slug));
  if (!row || row.id === brandId || row.type !== 'Retailer') throw fieldError('unprocessable', 'retailer', `no Retailer organisation you can share with has the slug ${slug}`);
  return row;
}

/** The share of `fromSlug` with this retailer for a kind, or 404 (nothing says whether the brand exists). */
export async function shareFor(db: DbOrTx, scope: ConsoleScope, fromSlug: string, kind: 'scans' | 'complaints') {
  const me = await organisation(db, scope.clientId);
  const none = new ApiError('not_found', `${fromSlug} shares no ${kind} with you`);
  if (me.type !== 'Retailer') throw none;
  const [row] = await db
    .select({ brandId: brandShares.brandClientId, scans: brandShares.shareScans, complaints: brandShares.shareComplaints })
    .from(brandShares)
    .innerJoin(clients, eq(clients.id, brandShares.brandClientId))
    .where(and(eq(brandShares.retailerClientId, me.id), eq(clients.slug, fromSlug)));
  if (!row || !row[kind]) throw none;
  return { brandId: row.brandId, retailerId: me.id };
}
