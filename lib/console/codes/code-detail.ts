import 'server-only';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { batches, claims, codes, redFlags, rewardGrants, rewards, trackingEvents, warranties } from '@/lib/db/schema';
import { roleMay } from '@/lib/domain/staff-roles';
import { codeDetailSchema, type CodeDetail } from '@/lib/schemas/console-codes';
import { unitTimeline } from './unit-timeline';
import { suspectMarksOf } from '../suspect-marks';
import type { ConsoleScope } from '../scope';
import { findCode, selectCodes, rowOf, seesCodeSecrets } from './shared';

/** The most scans a code's page shows (the oldest first). */
export const CODE_PAGE_SCANS = 500;

/** Whether the acting scope sees who claimed a unit (the claims area's readers, and the command line). */
export const seesClaimants = (scope: ConsoleScope): boolean => scope.actor.kind === 'cli' || roleMay(scope.actor.role, 'claims', 'read');

/** A code's page: what it is, its unit's scans, claim, tracking, warranty, rewards and red flags. */
export async function codeDetail(scope: ConsoleScope, qrId: string): Promise<CodeDetail> {
  const { clientId } = scope;
  const db = await getDb();
  const code = await findCode(db, clientId, qrId);
  const unitKey = code.pairId ?? code.id;
  const [[joined], [batch], claimRows, timeline, warrantyRows, rewardRows, flagRows, marks] = await Promise.all([
    selectCodes(clientId, eq(codes.id, code.id), 1),
    db.select({ expiryDate: batches.expiryDate }).from(batches).where(and(eq(batches.clientId, clientId), eq(batches.id, code.batchId))),
    code.pairId ? db.select().from(claims).where(and(eq(claims.clientId, clientId), eq(claims.unitId, code.pairId))) : Promise.resolve([]),
    unitTimeline(clientId, unitKey, CODE_PAGE_SCANS),
    code.pairId ? db.select().from(warranties).where(and(eq(warranties.clientId, clientId), eq(warranties.unitId, code.pairId))) : Promise.resolve([]),
    code.pairId
      ? db
          .select({ reward: rewards.name, type: rewards.type, at: rewardGrants.createdAt })
          .from(rewardGrants)
          .innerJoin(rewards, and(eq(rewards.id, rewardGrants.rewardId), eq(rewards.clientId, clientId)))
          .where(and(eq(rewardGrants.clientId, clientId), eq(rewardGrants.unitId, code.pairId)))
          .orderBy(asc(rewardGrants.createdAt))
      : Promise.resolve([]),
    db.select().from(redFlags).where(and(eq(redFlags.clientId, clientId), eq(redFlags.unitKey, unitKey))).orderBy(desc(redFlags.createdAt)),
    code.pairId ? suspectMarksOf(db, clientId, code.pairId) : Promise.resolve([]),
  ]);
  // Tracking: the events of this code and of the case and pallet it was packed in.
  const chain = [code.id];
  let parent = code.parentCodeId;
  while (parent && chain.length < 3) {
    chain.push(parent);
    const [p] = await db.select({ parentCodeId: codes.parentCodeId }).from(codes).where(and(eq(codes.clientId, clientId), eq(codes.id, parent)));
    parent = p?.parentCodeId ?? null;
  }
  const tracking = await db
    .select()
    .from(trackingEvents)
    .where(and(eq(trackingEvents.clientId, clientId), inArray(trackingEvents.codeId, chain)))
    .orderBy(asc(trackingEvents.at), asc(trackingEvents.id));
  const claim = claimRows[0];
  const warranty = warrantyRows[0];
  // Who claimed the unit is the claims area's: a role without it sees that it is claimed, not by whom.
  const claimants = seesClaimants(scope);
  return codeDetailSchema.parse({
    code: rowOf(joined!, seesCodeSecrets(scope)),
    batchExpiry: batch?.expiryDate ?? '',
    claim: claim ? { ...(claimants ? { customerId: claim.customerId } : {}), claimedAt: claim.claimedAt.toISOString() } : null,
    scans: claimants ? timeline : timeline.map((t) => ({ ...t, customerId: '' })),
    tracking: tracking.map((t) => ({ at: t.at.toISOString(), stage: t.stage, place: t.place })),
    warranty: warranty ? { status: warranty.status, purchaseDate: warranty.purchaseDate, startsOn: warranty.startsOn, endsOn: warranty.endsOn } : null,
    rewards: rewardRows.map((r) => ({ reward: r.reward, type: r.type, at: r.at.toISOString() })),
    redFlags: flagRows.map((f) => ({ id: f.id, status: f.status, rules: f.rules, createdAt: f.createdAt.toISOString() })),
    suspectMarks: marks,
  });
}
