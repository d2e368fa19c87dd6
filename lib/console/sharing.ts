import 'server-only';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { placeNameOf } from '@/lib/places/gazetteer';
import { getDb } from '@/lib/db/client';
import type { DbOrTx } from '@/lib/db/db-or-tx';
import { batches, brandShares, clients, codes, complaints, products, scans } from '@/lib/db/schema';
import { ApiError, fieldError } from '@/lib/errors';
import {
  SHARED_PAGE_SIZE,
  batchRetailerBodySchema,
  shareBodySchema,
  unshareBodySchema,
  type BatchRetailerInput,
  type ShareInput,
  type SharedComplaints,
  type SharedScans,
  type SharedWithUs,
  type SharingView,
} from '@/lib/schemas/console-sharing';
import { recordAudit } from './audit';
import type { ConsoleScope } from './scope';

// What a Manufacturer brand shares with Retailer organisations (issue 12, docs/console.md,
// "Retailer organisations"), for the console and the command line alike.
// - The brand (scope = the Manufacturer): share with a retailer by its slug, switch each kind
//   (scans, complaints) on or off, stop sharing, and assign a batch to the retailer that sells it.
//   Every change is audited in its transaction.
// - The retailer (scope = the Retailer organisation): the brands sharing with it, and, per brand
//   and only for a kind switched on, the records of that brand's batches assigned to it: scans
//   (when, a coarse place, product, batch, result, risk) and complaints (ticket, product, status,
//   priority, age). Never a customer, device or session. Every query names both organisations.

async function organisation(db: DbOrTx, clientId: string) {
  const [row] = await db.select({ id: clients.id, slug: clients.slug, name: clients.organizationName, type: clients.organizationType }).from(clients).where(eq(clients.id, clientId));
  if (!row) throw new ApiError('not_found', 'No such brand');
  return row;
}

/** The sharing brand must be a Manufacturer. */
async function manufacturerOf(db: DbOrTx, scope: ConsoleScope) {
  const brand = await organisation(db, scope.clientId);
  if (brand.type === 'Retailer') throw new ApiError('conflict', 'A Retailer organisation does not share with retailers; only a Manufacturer brand does');
  return brand;
}

/**
 * A retailer named by slug: a Retailer organisation other than the brand itself, or 422 at
 * `retailer`, with one answer for a slug nobody has, a Manufacturer's and the brand's own, so the
 * look-up tells nothing about organisations that have not shared with the caller (issue 28).
 */
async function retailerBySlug(db: DbOrTx, brandId: string, slug: string) {
  const [row] = await db.select({ id: clients.id, slug: clients.slug, name: clients.organizationName, type: clients.organizationType }).from(clients).where(eq(clients.slug, slug));
  if (!row || row.id === brandId || row.type !== 'Retailer') throw fieldError('unprocessable', 'retailer', `no Retailer organisation you can share with has the slug ${slug}`);
  return row;
}

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

/** Assigns one of the brand's batches (by its number) to the retailer that sells it, or to none. */
export async function setBatchRetailer(scope: ConsoleScope, input: BatchRetailerInput): Promise<{ batchNumber: string; retailer: string | null }> {
  const args = batchRetailerBodySchema.parse(input);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const brand = await manufacturerOf(tx, scope);
    const retailer = args.retailer === null ? null : await retailerBySlug(tx, brand.id, args.retailer);
    const [batch] = await tx
      .select({ id: batches.id, batchNumber: batches.batchNumber, retailerClientId: batches.retailerClientId })
      .from(batches)
      .where(and(eq(batches.clientId, brand.id), sql`upper(${batches.batchNumber}) = upper(${args.batchNumber})`))
      .for('update');
    if (!batch) throw fieldError('unprocessable', 'batchNumber', `the brand has no batch ${args.batchNumber}`);
    const [was] = batch.retailerClientId
      ? await tx.select({ slug: clients.slug }).from(clients).where(eq(clients.id, batch.retailerClientId))
      : [];
    await tx.update(batches).set({ retailerClientId: retailer?.id ?? null }).where(and(eq(batches.id, batch.id), eq(batches.clientId, brand.id)));
    await recordAudit(tx, scope, {
      action: 'batch.retailer',
      target: batch.batchNumber,
      before: { retailer: was?.slug ?? null },
      after: { retailer: retailer?.slug ?? null },
    });
    return { batchNumber: batch.batchNumber, retailer: retailer?.slug ?? null };
  });
}

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

/** The share of `fromSlug` with this retailer for a kind, or 404 (nothing says whether the brand exists). */
async function shareFor(db: DbOrTx, scope: ConsoleScope, fromSlug: string, kind: 'scans' | 'complaints') {
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

const coarse = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);

export async function sharedScans(scope: ConsoleScope, fromSlug: string, page = 1): Promise<SharedScans> {
  const db = await getDb();
  const { brandId, retailerId } = await shareFor(db, scope, fromSlug, 'scans');
  const where = and(eq(scans.clientId, brandId), eq(batches.retailerClientId, retailerId));
  const from = () =>
    db
      .select({ at: scans.at, id: scans.id, lat: scans.lat, lng: scans.lng, result: scans.result, risk: scans.risk, batchNumber: batches.batchNumber, product: products.name })
      .from(scans)
      .innerJoin(codes, and(eq(codes.id, scans.codeId), eq(codes.clientId, brandId)))
      .innerJoin(batches, and(eq(batches.id, codes.batchId), eq(batches.clientId, brandId)))
      .innerJoin(products, and(eq(products.id, codes.productId), eq(products.clientId, brandId)));
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(scans)
    .innerJoin(codes, and(eq(codes.id, scans.codeId), eq(codes.clientId, brandId)))
    .innerJoin(batches, and(eq(batches.id, codes.batchId), eq(batches.clientId, brandId)))
    .where(where);
  const rows = await from()
    .where(where)
    .orderBy(desc(scans.at), desc(scans.id))
    .limit(SHARED_PAGE_SIZE)
    .offset((page - 1) * SHARED_PAGE_SIZE);
  return {
    page,
    pageSize: SHARED_PAGE_SIZE,
    total,
    scans: rows.map((r) => ({
      at: r.at.toISOString(),
      place: r.lat === null || r.lng === null ? null : { lat: coarse(r.lat)!, lng: coarse(r.lng)!, near: placeNameOf({ lat: coarse(r.lat)!, lng: coarse(r.lng)! }) ?? '' },
      product: r.product,
      batchNumber: r.batchNumber,
      result: r.result,
      risk: r.risk,
    })),
  };
}

export async function sharedComplaints(scope: ConsoleScope, fromSlug: string, page = 1, now: Date = new Date()): Promise<SharedComplaints> {
  const db = await getDb();
  const { brandId, retailerId } = await shareFor(db, scope, fromSlug, 'complaints');
  // A complaint's unit is the pair id of its codes; its batch is theirs (a unit's codes share one).
  const batchOf = sql`(select ${codes.batchId} from ${codes} where ${codes.clientId} = ${brandId} and ${codes.pairId} = ${complaints.unitId} limit 1)`;
  const join = and(eq(batches.clientId, brandId), eq(batches.retailerClientId, retailerId), sql`${batches.id} = ${batchOf}`);
  const where = eq(complaints.clientId, brandId);
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(complaints).innerJoin(batches, join).where(where);
  const rows = await db
    .select({ ticketId: complaints.ticketId, status: complaints.status, priority: complaints.priority, createdAt: complaints.createdAt, batchNumber: batches.batchNumber, product: products.name })
    .from(complaints)
    .innerJoin(batches, join)
    .leftJoin(products, and(eq(products.id, batches.productId), eq(products.clientId, brandId)))
    .where(where)
    .orderBy(desc(complaints.createdAt), desc(complaints.id))
    .limit(SHARED_PAGE_SIZE)
    .offset((page - 1) * SHARED_PAGE_SIZE);
  return {
    page,
    pageSize: SHARED_PAGE_SIZE,
    total,
    complaints: rows.map((r) => ({
      ticketId: r.ticketId,
      product: r.product ?? '',
      batchNumber: r.batchNumber,
      status: r.status,
      priority: r.priority,
      createdAt: r.createdAt.toISOString(),
      ageDays: Math.max(0, Math.floor((now.getTime() - r.createdAt.getTime()) / 86_400_000)),
    })),
  };
}
