import 'server-only';
import { and, asc, count, countDistinct, desc, eq, inArray, isNull, max, min, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { getDb, type Db } from '@/lib/db/client';
import type { DbOrTx } from '@/lib/db/db-or-tx';
import { batches, claimDisputes, claims, codes, customers, files, journeyAnswers, journeyRuns, payouts, products, rewardGrants, scans, warranties } from '@/lib/db/schema';
import { ApiError, notFound } from '@/lib/errors';
import { roleMay, rolePrints } from '@/lib/domain/staff-roles';
import { CSV_MAX_ROWS, sortOf } from '@/lib/schemas/console-list';
import type { ConsoleDisputeDetail, ConsoleDisputeList, DISPUTE_SORTS, DisputeExportQuery, DisputeListQuery } from '@/lib/schemas/disputes';
import { recordAudit } from './audit';
import { afterKey, dayRange, exportFileName, keysetPages, keyText, orderOf, type SortColumn } from './list-kit';
import { productChoices } from './red-flags';
import { customerName, customerNameCols } from './customer-name';
import type { ConsoleScope } from './scope';

// Disputed claims for the brand's staff (area claims; docs/console.md "Disputed claims"): the list
// (the table kit: sorted, filtered by state, days, product and batch, counted, exported), one
// dispute with its photo, both claimants and the unit's scans, and the two decisions, each audited
// in the same transaction:
// - move: the unit's claim goes to the disputing customer, with its warranty registration, its
//   scan journey and every reward not yet paid (a cashback whose payout is DEFAULT or NOT_CLAIMED);
//   rewards paid or on their way (a claimed cashback, a coupon already shown) stay where they are;
// - reject: with a reason, which the customer reads.
// Every read is scoped by scope.clientId; another brand's dispute is a 404.

const claimant = alias(customers, 'claimant');
const holder = alias(customers, 'holder');
const overt = alias(codes, 'overt');
const UNPAID = ['DEFAULT', 'NOT_CLAIMED'] as const;

const person = (id: string, c: Parameters<typeof customerName>[0]) => ({ customerId: id, name: customerName(c) });

type DisputeFilter = Omit<DisputeExportQuery, 'sort'>;

const DISPUTE_SORT_COLUMNS: Record<(typeof DISPUTE_SORTS)[number], SortColumn> = {
  created: { expr: claimDisputes.createdAt, type: 'timestamptz' },
  status: { expr: claimDisputes.status, type: 'text' },
  product: { expr: products.name, type: 'text' },
};

function disputeWhere(clientId: string, q: DisputeFilter): SQL[] {
  const where: SQL[] = [eq(claimDisputes.clientId, clientId)];
  if (q.status !== 'all') where.push(eq(claimDisputes.status, q.status));
  if (q.product) where.push(eq(codes.productId, q.product));
  if (q.batch) where.push(sql`upper(${batches.batchNumber}) = upper(${q.batch})`);
  where.push(...dayRange(claimDisputes.createdAt, q.from, q.to));
  return where;
}

/** The disputes with their hidden code's product and batch (the filters read them), the unit's visible code and the disputing customer. */
function selectDisputes(db: Pick<Db, 'select'>, clientId: string, where: SQL[], col: SortColumn) {
  return db
    .select({ d: claimDisputes, overtQrId: overt.qrId, productName: products.name, batchNumber: batches.batchNumber, who: customerNameCols, key: keyText(col) })
    .from(claimDisputes)
    .innerJoin(codes, and(eq(codes.id, claimDisputes.codeId), eq(codes.clientId, clientId)))
    .leftJoin(overt, and(eq(overt.clientId, clientId), eq(overt.pairId, claimDisputes.unitId), eq(overt.level, 6)))
    .innerJoin(products, and(eq(products.id, codes.productId), eq(products.clientId, clientId)))
    .innerJoin(batches, and(eq(batches.id, codes.batchId), eq(batches.clientId, clientId)))
    .leftJoin(customers, and(eq(customers.id, claimDisputes.customerId), eq(customers.clientId, clientId)))
    .where(and(...where))
    .$dynamic();
}

type SelectedDispute = Awaited<ReturnType<ReturnType<typeof selectDisputes>['execute']>>[number];

const disputeRowOf = ({ d, overtQrId, productName, batchNumber, who }: SelectedDispute) => ({
  id: d.id,
  status: d.status,
  overtQrId: overtQrId ?? null,
  productName,
  batchNumber,
  disputer: person(d.customerId, who),
  createdAt: d.createdAt.toISOString(),
  decidedAt: d.decidedAt?.toISOString() ?? null,
});

/** A page of disputes in the sort asked (newest first by default), how many match and how many are open. */
export async function listDisputes(scope: ConsoleScope, q: DisputeListQuery): Promise<ConsoleDisputeList> {
  const db = await getDb();
  const clientId = scope.clientId;
  const where = disputeWhere(clientId, q);
  const { column, dir } = sortOf(q.sort ?? '-created');
  const col = DISPUTE_SORT_COLUMNS[column];
  const [[{ total } = { total: 0 }], open, rows, choices] = await Promise.all([
    db
      .select({ total: count() })
      .from(claimDisputes)
      .innerJoin(codes, and(eq(codes.id, claimDisputes.codeId), eq(codes.clientId, clientId)))
      .innerJoin(products, and(eq(products.id, codes.productId), eq(products.clientId, clientId)))
      .innerJoin(batches, and(eq(batches.id, codes.batchId), eq(batches.clientId, clientId)))
      .where(and(...where)),
    openDisputeCount(scope),
    selectDisputes(db, clientId, where, col)
      .orderBy(orderOf(col, claimDisputes.id, dir))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    productChoices(scope),
  ]);
  return { disputes: rows.map(disputeRowOf), page: q.page, pageSize: q.pageSize, total: Number(total), open, products: choices };
}

/** The disputes' file names the disputing customers only for the roles that decide disputes (owner, support; docs/console.md, "Lists"). */
export const mayExportDisputers = (scope: ConsoleScope): boolean => scope.actor.kind === 'cli' || roleMay(scope.actor.role, 'claims', 'write');

const DISPUTE_HEADER_BEFORE = ['Dispute', 'Sent', 'State', 'Product', 'Batch', 'Visible code'] as const;
const DISPUTE_HEADER_AFTER = ['Where bought (their words)', 'Decided', 'Reason'] as const;
/** The file's columns for the role: the disputing customer's name only for those who decide. */
export const disputeExportHeader = (scope: ConsoleScope): string[] => [...DISPUTE_HEADER_BEFORE, ...(mayExportDisputers(scope) ? ['Customer'] : []), ...DISPUTE_HEADER_AFTER];

/**
 * Every dispute the filters match, in the sort asked, as CSV rows a keyset page at a time (the
 * table kit), for everyone who reads disputes; the customer's name only for those who decide them.
 * Audited as disputes.export.
 */
export async function exportDisputes(scope: ConsoleScope, query: DisputeExportQuery): Promise<{ fileName: string; header: string[]; rows: AsyncIterable<string[][]> }> {
  const db = await getDb();
  const where = disputeWhere(scope.clientId, query);
  const { column, dir } = sortOf(query.sort);
  const col = DISPUTE_SORT_COLUMNS[column];
  const names = mayExportDisputers(scope);
  await recordAudit(db, scope, { action: 'disputes.export', target: 'disputed claims', after: { ...query, customerNames: names } });
  const pages = keysetPages(
    async (after, limit) => {
      const page = await selectDisputes(db, scope.clientId, [...where, ...(after ? [afterKey(col, claimDisputes.id, dir, after)!] : [])], col)
        .orderBy(orderOf(col, claimDisputes.id, dir))
        .limit(limit);
      return page.map((r) => ({ row: r, key: { value: r.key, id: r.d.id } }));
    },
    { max: CSV_MAX_ROWS },
  );
  async function* out() {
    for await (const page of pages) {
      yield page.map((r) => {
        const d = disputeRowOf(r);
        return [d.id, d.createdAt, d.status, d.productName, d.batchNumber, d.overtQrId ?? '', ...(names ? [d.disputer.name] : []), r.d.purchase, d.decidedAt ?? '', r.d.reason ?? ''];
      });
    }
  }
  return { fileName: exportFileName(scope.slug, 'disputes'), header: disputeExportHeader(scope), rows: out() };
}

/** Open disputes of the brand (the red flags page and the list say how many need a decision). */
export async function openDisputeCount(scope: ConsoleScope): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(claimDisputes).where(and(eq(claimDisputes.clientId, scope.clientId), eq(claimDisputes.status, 'open')));
  return Number(row?.n ?? 0);
}

async function disputeRow(scope: ConsoleScope, id: string) {
  const db = await getDb();
  const [row] = await db.select().from(claimDisputes).where(and(eq(claimDisputes.clientId, scope.clientId), eq(claimDisputes.id, id)));
  if (!row) throw notFound('Dispute');
  return row;
}

/** The rewards of a unit's claimant: those a move carries over (unpaid cashback) and those that stay. */
async function rewardsOf(db: DbOrTx, clientId: string, unitId: string, customerId: string) {
  const rows = await db
    .select({ grantId: rewardGrants.id, payoutStatus: payouts.status })
    .from(rewardGrants)
    .leftJoin(payouts, and(eq(payouts.grantId, rewardGrants.id), eq(payouts.clientId, clientId)))
    .where(and(eq(rewardGrants.clientId, clientId), eq(rewardGrants.unitId, unitId), eq(rewardGrants.customerId, customerId)));
  const unpaid = rows.filter((r) => r.payoutStatus !== null && (UNPAID as readonly string[]).includes(r.payoutStatus)).map((r) => r.grantId);
  return { unpaid, stay: rows.length - unpaid.length };
}

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

/** A dispute's photo for staff of its brand, to view in place; another brand's dispute is 404. */
export async function disputePhoto(scope: ConsoleScope, id: string) {
  const d = await disputeRow(scope, id);
  const db = await getDb();
  const [file] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, d.photoFileId), eq(files.clientId, scope.clientId), isNull(files.erasedAt)));
  if (!file) throw notFound('Photo');
  return file;
}

const actorName = (scope: ConsoleScope) => (scope.actor.kind === 'staff' ? scope.actor.email : 'command line');
const decided = () => new ApiError('conflict', 'This dispute has already been decided.');

/**
 * Moves the unit's claim to the disputing customer (see the top of this file), in one transaction
 * with the dispute's decision and its audit entry. Answers what moved and what stayed.
 */
export async function moveDisputedClaim(scope: ConsoleScope, id: string, note?: string) {
  const db = await getDb();
  const clientId = scope.clientId;
  return db.transaction(async (tx) => {
    const [d] = await tx.select().from(claimDisputes).where(and(eq(claimDisputes.clientId, clientId), eq(claimDisputes.id, id))).for('update');
    if (!d) throw notFound('Dispute');
    if (d.status !== 'open') throw decided();
    const to = d.customerId;
    const [holderNext] = await tx.select({ status: customers.dataStatus }).from(customers).where(and(eq(customers.clientId, clientId), eq(customers.id, to)));
    if (holderNext?.status !== 'ACTIVE') throw new ApiError('conflict', "The disputing customer's account was deleted: the claim cannot move to it. Reject the dispute instead.");
    const [claim] = await tx.select().from(claims).where(and(eq(claims.clientId, clientId), eq(claims.unitId, d.unitId))).for('update');
    const from = claim?.customerId ?? null;
    const now = new Date();
    let warrantyMoved = false;
    let rewardsMoved: string[] = [];
    let paidStayed = 0;
    if (!claim) {
      await tx.insert(claims).values({ unitId: d.unitId, clientId, customerId: to, claimedAt: now });
    } else if (from !== to && from !== null) {
      await tx.update(claims).set({ customerId: to, claimedAt: now }).where(and(eq(claims.clientId, clientId), eq(claims.unitId, d.unitId)));
      const moved = await tx
        .update(warranties)
        .set({ customerId: to })
        .where(and(eq(warranties.clientId, clientId), eq(warranties.unitId, d.unitId), eq(warranties.customerId, from)))
        .returning({ id: warranties.id });
      warrantyMoved = moved.length > 0;
      const rewards = await rewardsOf(tx, clientId, d.unitId, from);
      rewardsMoved = rewards.unpaid;
      paidStayed = rewards.stay;
      if (rewardsMoved.length) {
        await tx.update(rewardGrants).set({ customerId: to }).where(and(eq(rewardGrants.clientId, clientId), inArray(rewardGrants.id, rewardsMoved)));
        await tx
          .update(payouts)
          .set({ customerId: to, vpa: null, updatedAt: now })
          .where(and(eq(payouts.clientId, clientId), inArray(payouts.grantId, rewardsMoved), inArray(payouts.status, [...UNPAID])));
      }
      // The unit's scan journey goes on with the new holder; what the old one typed is not shown to them.
      const runs = await tx
        .update(journeyRuns)
        .set({ customerId: to })
        .where(and(eq(journeyRuns.clientId, clientId), eq(journeyRuns.unitId, d.unitId), eq(journeyRuns.customerId, from)))
        .returning({ id: journeyRuns.id });
      if (runs.length) {
        await tx
          .update(journeyAnswers)
          .set({ customerId: to, value: {} })
          .where(and(eq(journeyAnswers.clientId, clientId), inArray(journeyAnswers.runId, runs.map((r) => r.id))));
      }
    }
    await tx
      .update(claimDisputes)
      .set({ status: 'moved', reason: note || null, decidedAt: now, decidedBy: actorName(scope) })
      .where(and(eq(claimDisputes.clientId, clientId), eq(claimDisputes.id, id)));
    await recordAudit(tx, scope, {
      action: 'claim.dispute.move',
      target: d.id,
      before: { status: 'open', claimant: from, claimedAt: claim?.claimedAt.toISOString() ?? null, unit: d.unitId },
      after: { status: 'moved', claimant: to, claimedAt: now.toISOString(), warrantyMoved, rewardsMoved, paidRewardsStayed: paidStayed, ...(note ? { note } : {}) },
    });
    return { id: d.id, status: 'moved' as const, moved: { warranty: warrantyMoved, rewards: rewardsMoved.length, paidRewardsStayed: paidStayed } };
  });
}

/** Rejects a dispute with a reason the customer reads; the claim stays. Audited. */
export async function rejectDispute(scope: ConsoleScope, id: string, reason: string) {
  const db = await getDb();
  const clientId = scope.clientId;
  return db.transaction(async (tx) => {
    const [d] = await tx.select().from(claimDisputes).where(and(eq(claimDisputes.clientId, clientId), eq(claimDisputes.id, id))).for('update');
    if (!d) throw notFound('Dispute');
    if (d.status !== 'open') throw decided();
    const now = new Date();
    await tx
      .update(claimDisputes)
      .set({ status: 'rejected', reason, decidedAt: now, decidedBy: actorName(scope) })
      .where(and(eq(claimDisputes.clientId, clientId), eq(claimDisputes.id, id)));
    await recordAudit(tx, scope, { action: 'claim.dispute.reject', target: d.id, before: { status: 'open' }, after: { status: 'rejected', reason } });
    return { id: d.id, status: 'rejected' as const, moved: null };
  });
}
