import 'server-only';
import { and, asc, count, countDistinct, desc, eq, isNull, max, min } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { getDb } from '@/lib/db/client';
import { batches, claimDisputes, claims, codes, customers, files, products, scans, warranties } from '@/lib/db/schema';
import { notFound } from '@/lib/errors';
import { rolePrints } from '@/lib/domain/staff-roles';
import type { ConsoleDisputeDetail } from '@/lib/schemas/disputes';
import { customerNameCols } from '../customer-name';
import type { ConsoleScope } from '../scope';
import { rewardsOf, person } from './shared';

const claimant = alias(customers, 'claimant');

const holder = alias(customers, 'holder');

export async function getDispute(scope: ConsoleScope, id: string): Promise<ConsoleDisputeDetail> {
  const db = await getDb();
  const clientId = scope.clientId;
  const [row] = await db
    .select({
      d: claimDisputes,
      qrId: codes.qrId,
      productName: products.name,
      batchNumber: batches.batchNumber,
      who: { ...customerNameCols },
      then: { userName: claimant.userName, companyName: claimant.companyName, email: claimant.email, mobile: claimant.mobile },
      photo: files.id,
    })
    .from(claimDisputes)
    .innerJoin(codes, and(eq(codes.id, claimDisputes.codeId), eq(codes.clientId, clientId)))
    .innerJoin(products, and(eq(products.id, codes.productId), eq(products.clientId, clientId)))
    .innerJoin(batches, and(eq(batches.id, codes.batchId), eq(batches.clientId, clientId)))
    .leftJoin(customers, and(eq(customers.id, claimDisputes.customerId), eq(customers.clientId, clientId)))
    .leftJoin(claimant, and(eq(claimant.id, claimDisputes.claimantCustomerId), eq(claimant.clientId, clientId)))
    .leftJoin(files, and(eq(files.id, claimDisputes.photoFileId), eq(files.clientId, clientId), isNull(files.erasedAt)))
    .where(and(eq(claimDisputes.clientId, clientId), eq(claimDisputes.id, id)));
  if (!row) throw notFound('Dispute');
  const { d } = row;
  const [[visible], [now], stats, byResult, [mine], rewards, [warranty]] = await Promise.all([
    db.select({ qrId: codes.qrId }).from(codes).where(and(eq(codes.clientId, clientId), eq(codes.pairId, d.unitId), eq(codes.level, 6))),
    db
      .select({ customerId: claims.customerId, claimedAt: claims.claimedAt, who: { userName: holder.userName, companyName: holder.companyName, email: holder.email, mobile: holder.mobile } })
      .from(claims)
      .leftJoin(holder, and(eq(holder.id, claims.customerId), eq(holder.clientId, clientId)))
      .where(and(eq(claims.clientId, clientId), eq(claims.unitId, d.unitId))),
    db
      .select({ total: count(), people: countDistinct(scans.sessionKey), first: min(scans.at), last: max(scans.at) })
      .from(scans)
      .where(and(eq(scans.clientId, clientId), eq(scans.unitKey, d.unitId))),
    db
      .select({ result: scans.result, count: count() })
      .from(scans)
      .where(and(eq(scans.clientId, clientId), eq(scans.unitKey, d.unitId)))
      .groupBy(scans.result)
      .orderBy(desc(count()), asc(scans.result)),
    db.select({ n: count() }).from(scans).where(and(eq(scans.clientId, clientId), eq(scans.unitKey, d.unitId), eq(scans.customerId, d.customerId))),
    db.select({ id: claims.customerId }).from(claims).where(and(eq(claims.clientId, clientId), eq(claims.unitId, d.unitId))).then(async ([c]) => (c && c.id !== d.customerId ? rewardsOf(db, clientId, d.unitId, c.id) : { unpaid: [], stay: 0 })),
    db.select({ customerId: warranties.customerId }).from(warranties).where(and(eq(warranties.clientId, clientId), eq(warranties.unitId, d.unitId))),
  ]);
  const s = stats[0];
  const iso = (v: Date | string | null | undefined) => (v ? new Date(v).toISOString() : null);
  return {
    id: d.id,
    status: d.status,
    hiddenQrId: scope.actor.kind === 'cli' || rolePrints(scope.actor.role) ? row.qrId : null,
    overtQrId: visible?.qrId ?? null,
    productName: row.productName,
    batchNumber: row.batchNumber,
    purchase: d.purchase,
    hasPhoto: row.photo !== null,
    createdAt: d.createdAt.toISOString(),
    disputer: { ...person(d.customerId, row.who), contact: row.who?.email ?? row.who?.mobile ?? null },
    claimantThen: d.claimantCustomerId ? { ...person(d.claimantCustomerId, row.then), claimedAt: d.claimedAt?.toISOString() ?? null } : null,
    claimNow: now ? { ...person(now.customerId, now.who), claimedAt: now.claimedAt.toISOString() } : null,
    scans: {
      total: Number(s?.total ?? 0),
      people: Number(s?.people ?? 0),
      first: iso(s?.first),
      last: iso(s?.last),
      byResult: byResult.map((r) => ({ result: r.result, count: Number(r.count) })),
      byDisputer: Number(mine?.n ?? 0),
    },
    decision: d.decidedAt ? { reason: d.reason, at: d.decidedAt.toISOString(), by: d.decidedBy ?? '' } : null,
    moves: { warranty: warranty !== undefined && warranty.customerId !== d.customerId && d.status === 'open', unpaidRewards: rewards.unpaid.length, paidRewards: rewards.stay },
  };
}
