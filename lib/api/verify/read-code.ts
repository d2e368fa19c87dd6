import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { batches, claims, codes, products } from '@/lib/db/schema';
import { GENUINE_LABELS, VERIFIED_LABELS, type CodeLevel } from '@/lib/domain/verdict';

// The verify hot path's one read: the code by qrId (any brand, so a code of another brand can
// answer 'Invalid Product' rather than 'Fake'), joined with this brand's batch, product and
// claim, and the unit's verification count, first verification and this customer's pre-sale
// scan. Joins and sub-queries carry the requesting brand's id, so nothing of another brand is read
// beyond the code's own brand id, level and status.

const labelList = (labels: readonly string[]) => sql.join(labels.map((l) => sql`${l}`), sql`, `);

export type CodeForVerify = Awaited<ReturnType<typeof readCodeForVerify>>;

export async function readCodeForVerify(db: Db, clientId: string, qrId: string, customerId: string | null) {
  const unitKey = sql`coalesce(${codes.pairId}, ${codes.id})`;
  const preSale = customerId
    ? sql<boolean>`exists (select 1 from scans s where s.client_id = ${clientId} and s.unit_key = ${unitKey}
        and s.customer_id = ${customerId} and s.kind = 'pre sale' and s.result in (${labelList(GENUINE_LABELS)}))`
    : sql<boolean>`false`;
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
      batch: { batchNumber: batches.batchNumber, mfgDate: batches.mfgDate, expiryDate: batches.expiryDate },
      claimCustomerId: claims.customerId,
      claimedAt: claims.claimedAt,
      stats: sql<{ count: number; first: string | null }>`(select json_build_object('count', count(*), 'first', min(s.at))
        from scans s where s.client_id = ${clientId} and s.unit_key = ${unitKey} and s.result in (${labelList(VERIFIED_LABELS)}))`,
      hasPreSaleScan: preSale,
    })
    .from(codes)
    .leftJoin(batches, and(eq(batches.id, codes.batchId), eq(batches.clientId, clientId)))
    .leftJoin(products, and(eq(products.id, codes.productId), eq(products.clientId, clientId)))
    .leftJoin(claims, and(eq(claims.unitId, codes.pairId), eq(claims.clientId, clientId)))
    .where(eq(codes.qrId, qrId))
    .limit(1);
  if (!row) return null;
  const stats = typeof row.stats === 'string' ? (JSON.parse(row.stats) as typeof row.stats) : row.stats;
  return {
    ...row,
    level: row.level as CodeLevel,
    status: row.status === 'DELETED' ? ('DELETED' as const) : ('ACTIVE' as const),
    listStatus: row.listStatus === 'Blacklisted' ? ('Blacklisted' as const) : ('Whitelisted' as const),
    unitKey: row.pairId ?? row.id,
    stats: { count: Number(stats?.count ?? 0), first: stats?.first ? new Date(stats.first) : null },
    hasPreSaleScan: row.hasPreSaleScan === true || (row.hasPreSaleScan as unknown) === 't',
  };
}
