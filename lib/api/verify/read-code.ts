import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { preparedPerDb } from '@/lib/db/prepared';
import { batches, claims, codes, products, unitFirstPlaces, unitScanStats, unitSuspectMarks } from '@/lib/db/schema';
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

/**
 * One session as read: a JSON array [key, device, customer, first, last, lat, lng, placeAt, fromIp,
 * covertBeforeSaleAt, net (0024), falseHiddenAt (0066)], times as epoch milliseconds, as unit_sessions.packed holds it (0022).
 * Positional numbers rather than objects of formatted timestamps: formatting four timestamps per
 * session in the database and parsing them back was most of the assessment's cost per scan
 * (docs/benchmarks.md, "The risk assessment's cost").
 */
type SessionRow = [string, string | null, string | null, number, number, number | null, number | null, number | null, boolean, number | null, (string | null)?, (number | null)?];
const at = (ms: number) => new Date(Math.round(ms));
function parseSessions(raw: unknown): UnitSession[] {
  const list = (typeof raw === 'string' ? JSON.parse(raw) : (raw ?? [])) as SessionRow[];
  return list.map(([key, deviceId, customerId, first, last, lat, lng, placeAt, fromIp, covertAt, net, falseHiddenAt]) => {
    // A session seen once has one time for all four: one Date shared (nothing mutates them), as
    // each Date made on the server goes through Next's wrapper and adds to every scan's garbage.
    const firstAt = at(first);
    const lastAt = last === first ? firstAt : at(last);
    const same = (ms: number) => (ms === first ? firstAt : ms === last ? lastAt : at(ms));
    return {
      key,
      deviceId,
      customerId,
      firstAt,
      lastAt,
      place: lat === null || lng === null || placeAt === null ? null : fromIp ? { lat, lng, at: same(placeAt), fromIp: true } : { lat, lng, at: same(placeAt) },
      covertBeforeSaleAt: covertAt === null ? null : same(covertAt),
      net: net ?? null,
      falseHiddenAt: falseHiddenAt == null ? null : at(falseHiddenAt),
    };
  });
}

export type CodeForVerify = Awaited<ReturnType<typeof readCodeForVerify>>;

/** The read's varying values: one prepared statement per shape (customer or not, sessions or not). */
const p = { clientId: sql.placeholder('clientId'), qrId: sql.placeholder('qrId'), customerId: sql.placeholder('customerId') };

function prepareRead(db: Db, withCustomer: boolean, withSessions: boolean) {
  const clientId = p.clientId;
  const unitKey = sql`coalesce(${codes.pairId}, ${codes.id})`;
  const preSale = withCustomer
    ? sql<boolean>`exists (select 1 from scans s where s.client_id = ${clientId} and s.unit_key = ${unitKey}
        and s.customer_id = ${p.customerId} and s.kind = 'pre sale' and s.result in (${labelList(GENUINE_LABELS)}))`
    : sql<boolean>`false`;
  // The unit's most recent sessions, for the risk assessment (lib/domain/risk.ts): from the
  // unit_sessions index, in this same statement, each one's array as the trigger of migration 0022
  // keeps it (unit_sessions.packed), joined into one JSON array.
  const sessions = withSessions
    ? sql<unknown>`(select coalesce('[' || string_agg(us.packed, ', ') || ']', '[]')
    from (select u.packed from unit_sessions u where u.client_id = ${clientId} and u.unit_key = ${unitKey}
          order by u.last_at desc limit ${RISK_SESSIONS_READ}) us)`
    : sql<unknown>`null`;
  return db
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
      firstLat: unitFirstPlaces.lat,
      firstLng: unitFirstPlaces.lng,
      firstPlaceAt: unitFirstPlaces.placeAt,
      brandMarkedAt: unitSuspectMarks.markedAt,
      hasPreSaleScan: preSale,
      sessions,
      productId: codes.productId,
    })
    .from(codes)
    .leftJoin(batches, and(eq(batches.id, codes.batchId), eq(batches.clientId, clientId)))
    .leftJoin(products, and(eq(products.id, codes.productId), eq(products.clientId, clientId)))
    .leftJoin(claims, and(eq(claims.unitId, codes.pairId), eq(claims.clientId, clientId)))
    .leftJoin(unitScanStats, and(eq(unitScanStats.clientId, clientId), eq(unitScanStats.unitKey, unitKey)))
    .leftJoin(unitFirstPlaces, and(eq(unitFirstPlaces.clientId, clientId), eq(unitFirstPlaces.unitKey, unitKey)))
    // The brand's mark in force (migration 0073: at most one per unit, by its partial unique index).
    .leftJoin(unitSuspectMarks, and(eq(unitSuspectMarks.clientId, clientId), eq(unitSuspectMarks.unitKey, unitKey), isNull(unitSuspectMarks.clearedAt)))
    .where(eq(codes.qrId, p.qrId))
    .limit(1)
    .prepare(`verify_read_code${withCustomer ? '_customer' : ''}${withSessions ? '_sessions' : ''}`);
}

// Prepared once per database and shape: drizzle would otherwise build this statement's SQL on
// every scan, the largest part of its cost on the verify page (docs/benchmarks.md).
const reads = {
  anonymous: preparedPerDb((db) => prepareRead(db, false, false)),
  anonymousWithSessions: preparedPerDb((db) => prepareRead(db, false, true)),
  customer: preparedPerDb((db) => prepareRead(db, true, false)),
  customerWithSessions: preparedPerDb((db) => prepareRead(db, true, true)),
};

/** withSessions false: the read as it was before the risk assessment (the bench's comparison only). */
export async function readCodeForVerify(db: Db, clientId: string, qrId: string, customerId: string | null, withSessions = true) {
  const read = (customerId ? (withSessions ? reads.customerWithSessions : reads.customer) : withSessions ? reads.anonymousWithSessions : reads.anonymous)(db);
  const [row] = await read.execute({ clientId, qrId, customerId });
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
    /** Where the unit was first seen, of all its sessions (migration 0067); null: nobody gave a place yet. */
    /** The brand marked the unit suspect in its console and has not cleared the mark (docs/verification.md). */
    brandMarked: row.brandMarkedAt !== null,
    firstPlace: row.firstLat === null || row.firstLng === null || row.firstPlaceAt === null ? null : { lat: row.firstLat, lng: row.firstLng, at: row.firstPlaceAt },
  };
}
