import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { batches, claims, codes, products, unitScanStats } from '@/lib/db/schema';
import { GENUINE_LABELS, type CodeLevel } from '@/lib/domain/verdict';
import type { UnitSession } from '@/lib/domain/risk';

// The verify hot path's one read: the code by qrId (any brand, so a code of another brand can
// answer 'Invalid Product' rather than 'Fake'), joined with this brand's batch, product and
// claim, the unit's verification count and first verification (one row of unit_scan_stats, kept
// by a trigger on scans), and this customer's pre-sale scan. Joins and sub-queries carry the
// requesting brand's id, so nothing of another brand is read beyond the code's own brand id,
// level and status.

const labelList = (labels: readonly string[]) => sql.join(labels.map((l) => sql`${l}`), sql`, `);

/** How many of a unit's most recent sessions the risk assessment reads (enough for every rule's threshold). */
export const RISK_SESSIONS_READ = 40;

type SessionJson = { k: string; d: string | null; c: string | null; f: string; l: string; lat: number | null; lng: number | null; p: string | null; ip?: boolean; cv?: string | null };
function parseSessions(raw: unknown): UnitSession[] {
  const list = (typeof raw === 'string' ? JSON.parse(raw) : (raw ?? [])) as SessionJson[];
  return list.map((s) => ({
    key: s.k,
    deviceId: s.d,
    customerId: s.c,
    firstAt: new Date(s.f),
    lastAt: new Date(s.l),
    place: s.lat === null || s.lng === null || s.p === null ? null : { lat: s.lat, lng: s.lng, at: new Date(s.p), ...(s.ip ? { fromIp: true } : {}) },
    covertBeforeSaleAt: s.cv ? new Date(s.cv) : null,
  }));
}

export type CodeForVerify = Awaited<ReturnType<typeof readCodeForVerify>>;

/** withSessions false: the read as it was before the risk assessment (the bench's comparison only). */
export async function readCodeForVerify(db: Db, clientId: string, qrId: string, customerId: string | null, withSessions = true) {
  const unitKey = sql`coalesce(${codes.pairId}, ${codes.id})`;
  const preSale = customerId
    ? sql<boolean>`exists (select 1 from scans s where s.client_id = ${clientId} and s.unit_key = ${unitKey}
        and s.customer_id = ${customerId} and s.kind = 'pre sale' and s.result in (${labelList(GENUINE_LABELS)}))`
    : sql<boolean>`false`;
  // The unit's most recent sessions, for the risk assessment (lib/domain/risk.ts): from the
  // unit_sessions index, in this same statement.
  const sessions = withSessions
    ? sql<unknown>`(select coalesce(json_agg(json_build_object('k', us.session_key, 'd', us.device_id, 'c', us.customer_id,
      'f', us.first_at, 'l', us.last_at, 'lat', us.lat, 'lng', us.lng, 'p', us.place_at,
      'ip', us.place_from_ip, 'cv', us.covert_before_sale_at)), '[]'::json)::text
    from (select * from unit_sessions u where u.client_id = ${clientId} and u.unit_key = ${unitKey}
          order by u.last_at desc limit ${RISK_SESSIONS_READ}) us)`
    : sql<unknown>`null`;
  const [row] = await db
    .select({
      id: codes.id,
      clientId: codes.clientId,
      qrId: codes.qrId,
      level: codes.level,
      pairId: codes.pairId,
      isBatchLevel: codes.isBatchLevel,
      status: codes.status,
      listStatus: codes.listStatus,
      product: {
        name: products.name,
        description: products.description,
        images: products.images,
        attributes: products.attributes,
        warrantyMonths: products.warrantyMonths,
      },
      batch: { batchNumber: batches.batchNumber, mfgDate: batches.mfgDate, expiryDate: batches.expiryDate, markets: batches.markets },
      claimCustomerId: claims.customerId,
      claimedAt: claims.claimedAt,
      verifiedCount: unitScanStats.verifiedCount,
      firstVerifiedAt: unitScanStats.firstVerifiedAt,
      hasPreSaleScan: preSale,
      sessions,
      productId: codes.productId,
    })
    .from(codes)
    .leftJoin(batches, and(eq(batches.id, codes.batchId), eq(batches.clientId, clientId)))
    .leftJoin(products, and(eq(products.id, codes.productId), eq(products.clientId, clientId)))
    .leftJoin(claims, and(eq(claims.unitId, codes.pairId), eq(claims.clientId, clientId)))
    .leftJoin(unitScanStats, and(eq(unitScanStats.clientId, clientId), eq(unitScanStats.unitKey, unitKey)))
    .where(eq(codes.qrId, qrId))
    .limit(1);
  if (!row) return null;
  return {
    ...row,
    level: row.level as CodeLevel,
    status: row.status === 'DELETED' ? ('DELETED' as const) : ('ACTIVE' as const),
    listStatus: row.listStatus === 'Blacklisted' ? ('Blacklisted' as const) : ('Whitelisted' as const),
    unitKey: row.pairId ?? row.id,
    stats: { count: row.verifiedCount ?? 0, first: row.firstVerifiedAt },
    hasPreSaleScan: row.hasPreSaleScan === true || (row.hasPreSaleScan as unknown) === 't',
    sessions: parseSessions(row.sessions),
  };
}
