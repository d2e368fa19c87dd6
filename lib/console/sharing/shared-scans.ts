import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import { placeNameOf } from '@/lib/places/gazetteer';
import { getDb } from '@/lib/db/client';
import { batches, codes, products, scans } from '@/lib/db/schema';
import { SHARED_PAGE_SIZE, type SharedScans } from '@/lib/schemas/console-sharing';
import type { ConsoleScope } from '../scope';
import { shareFor } from './shared';

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
