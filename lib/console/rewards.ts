import 'server-only';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import type { DbOrTx } from '@/lib/db/db-or-tx';
import { couponPool, journeys, journeySteps, products, rewards } from '@/lib/db/schema';
import { rupees } from '@/lib/domain/payouts';
import { ApiError, fieldError } from '@/lib/errors';
import { randomId } from '@/lib/ids';
import { parseCsv } from '@/lib/payouts/csv';
import { couponCountInput, rupeesInput, type RewardInput, type RewardPatch, type JourneySummary, type RewardSummary } from '@/lib/schemas/console-money';
import type { JourneyStepDef } from '@/lib/schemas/journeys';
import { recordAudit } from './audit';
import type { ConsoleScope } from './scope';

// Rewards, coupon pools and scan journeys of a brand (console area 'rewards'; the command line's
// create-reward, list-rewards, set-reward-active, upload-coupons and set-journey call these too).
// Every query is scoped by the brand; every change is audited in its own transaction.

type RewardRow = typeof rewards.$inferSelect;

const amountText = (type: RewardRow['type'], n: number) => (type === 'Cashback' ? `₹${rupees(n)}` : `${n} coupon${n === 1 ? '' : 's'}`);

function summary(r: RewardRow, poolLeft: number | null): RewardSummary {
  const remaining = Math.max(0, r.budgetTotal - r.budgetUsed);
  return {
    rewardId: r.id,
    name: r.name,
    description: r.description,
    type: r.type,
    amount: r.amount,
    amountText: r.amount === null ? null : `₹${rupees(r.amount)}`,
    couponCode: r.couponCode,
    pool: r.type === 'Coupon' && !r.couponCode,
    budgetTotal: r.budgetTotal,
    budgetUsed: r.budgetUsed,
    budgetRemaining: remaining,
    budgetText: amountText(r.type, r.budgetTotal),
    usedText: amountText(r.type, r.budgetUsed),
    remainingText: amountText(r.type, remaining),
    poolLeft,
    perCustomer: r.perCustomerLimit,
    active: r.active,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Codes not yet given out, per pool reward of the brand. */
async function poolCounts(db: DbOrTx, clientId: string, rewardIds: string[]): Promise<Map<string, number>> {
  if (!rewardIds.length) return new Map();
  const rows = await db
    .select({ rewardId: couponPool.rewardId, left: sql<number>`count(*)::int` })
    .from(couponPool)
    .where(and(eq(couponPool.clientId, clientId), inArray(couponPool.rewardId, rewardIds), isNull(couponPool.grantId)))
    .groupBy(couponPool.rewardId);
  return new Map(rows.map((r) => [r.rewardId, Number(r.left)]));
}

export async function listRewards(scope: ConsoleScope): Promise<RewardSummary[]> {
  const db = await getDb();
  const rows = await db.select().from(rewards).where(eq(rewards.clientId, scope.clientId)).orderBy(asc(rewards.createdAt), asc(rewards.id));
  const pools = await poolCounts(
    db,
    scope.clientId,
    rows.filter((r) => r.type === 'Coupon' && !r.couponCode).map((r) => r.id),
  );
  return rows.map((r) => summary(r, r.type === 'Coupon' && !r.couponCode ? (pools.get(r.id) ?? 0) : null));
}

async function requireReward(db: DbOrTx, clientId: string, rewardId: string, lock = false) {
  const q = db.select().from(rewards).where(and(eq(rewards.id, rewardId), eq(rewards.clientId, clientId)));
  const [r] = lock ? await q.for('update') : await q;
  if (!r) throw new ApiError('not_found', `No reward ${rewardId} at this brand`);
  return r;
}

export async function getReward(scope: ConsoleScope, rewardId: string): Promise<RewardSummary> {
  const db = await getDb();
  const r = await requireReward(db, scope.clientId, rewardId);
  const pool = r.type === 'Coupon' && !r.couponCode;
  return summary(r, pool ? ((await poolCounts(db, scope.clientId, [r.id])).get(r.id) ?? 0) : null);
}

/** A budget as typed, in the reward's unit: rupees → paise for Cashback, a count for Coupon. */
function parseBudget(type: RewardRow['type'], budget: string | number): number {
  const parsed = type === 'Cashback' ? rupeesInput.safeParse(budget) : couponCountInput.safeParse(budget);
  if (!parsed.success) throw fieldError('unprocessable', 'budget', parsed.error.issues[0]!.message);
  return parsed.data;
}

export async function createReward(scope: ConsoleScope, input: RewardInput): Promise<RewardSummary> {
  const budgetTotal = input.budget === undefined ? 0 : parseBudget(input.type, input.budget);
  if (input.type === 'Cashback' && budgetTotal < input.amount!) throw fieldError('unprocessable', 'budget', 'must cover at least one reward');
  const db = await getDb();
  const id = randomId('rw', 16);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(rewards)
      .values({
        id,
        clientId: scope.clientId,
        name: input.name,
        description: input.description,
        type: input.type,
        amount: input.amount ?? null,
        couponCode: input.couponCode ?? null,
        budgetTotal,
        perCustomerLimit: input.perCustomer,
      })
      .returning();
    const created = summary(row!, input.type === 'Coupon' && !input.couponCode ? 0 : null);
    await recordAudit(tx, scope, { action: 'reward.create', target: id, after: auditView(row!) });
    return created;
  });
}

/** What the audit log keeps of a reward. */
const auditView = (r: RewardRow) => ({
  name: r.name,
  description: r.description,
  type: r.type,
  amount: r.amount,
  couponCode: r.couponCode,
  budgetTotal: r.budgetTotal,
  perCustomer: r.perCustomerLimit,
  active: r.active,
});

/** Edits a reward; a budget never goes below what is already used, and a pool coupon's budget is its uploaded codes. */
export async function updateReward(scope: ConsoleScope, rewardId: string, patch: RewardPatch): Promise<RewardSummary> {
  const db = await getDb();
  const updated = await db.transaction(async (tx) => {
    const r = await requireReward(tx, scope.clientId, rewardId, true);
    if (patch.amount !== undefined && r.type !== 'Cashback') throw fieldError('unprocessable', 'amount', 'is only for Cashback rewards');
    let budgetTotal: number | undefined;
    if (patch.budget !== undefined) {
      if (r.type === 'Coupon' && !r.couponCode) throw fieldError('unprocessable', 'budget', 'is counted from the uploaded codes for a pool coupon; upload more codes instead');
      budgetTotal = parseBudget(r.type, patch.budget);
      if (budgetTotal < r.budgetUsed) throw fieldError('unprocessable', 'budget', `must be at least what is already used (${amountText(r.type, r.budgetUsed)})`);
    }
    const amount = patch.amount ?? r.amount;
    if (r.type === 'Cashback' && (patch.amount !== undefined || budgetTotal !== undefined) && (budgetTotal ?? r.budgetTotal) < amount!) {
      throw fieldError('unprocessable', budgetTotal !== undefined ? 'budget' : 'amount', 'the budget must cover at least one reward');
    }
    const [row] = await tx
      .update(rewards)
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.amount !== undefined ? { amount: patch.amount } : {}),
        ...(budgetTotal !== undefined ? { budgetTotal } : {}),
        ...(patch.perCustomer !== undefined ? { perCustomerLimit: patch.perCustomer } : {}),
        ...(patch.active !== undefined ? { active: patch.active } : {}),
      })
      .where(and(eq(rewards.id, r.id), eq(rewards.clientId, scope.clientId)))
      .returning();
    await recordAudit(tx, scope, { action: 'reward.update', target: r.id, before: auditView(r), after: auditView(row!) });
    return row!;
  });
  const pool = updated.type === 'Coupon' && !updated.couponCode;
  return summary(updated, pool ? ((await poolCounts(db, scope.clientId, [updated.id])).get(updated.id) ?? 0) : null);
}

/** Coupon codes from a text (one a line) or a CSV (first column; a 'code' header is skipped): all or nothing. */
export function parseCouponCodes(text: string): string[] {
  let rows;
  try {
    rows = parseCsv(text);
  } catch (e) {
    throw fieldError('unprocessable', 'file', (e as Error).message);
  }
  const codes: string[] = [];
  const problems: string[] = [];
  for (const { line, fields } of rows) {
    const code = (fields[0] ?? '').trim();
    if (line === rows[0]?.line && code.toLowerCase() === 'code') continue;
    if (!/^[A-Za-z0-9_-]{3,64}$/.test(code)) problems.push(`line ${line}: ${JSON.stringify(code.slice(0, 40))} is not a coupon code (3-64 letters, digits, - or _)`);
    else codes.push(code);
  }
  if (problems.length) throw fieldError('unprocessable', 'file', `Nothing uploaded; ${problems.slice(0, 20).join('; ')}`);
  if (!codes.length) throw fieldError('unprocessable', 'file', 'no coupon codes found');
  if (codes.length > 100_000) throw fieldError('unprocessable', 'file', 'at most 100000 codes at once');
  return codes;
}

/** Adds codes to a pool coupon; a code already in the pool is skipped. */
export async function uploadCoupons(scope: ConsoleScope, rewardId: string, text: string) {
  const codes = parseCouponCodes(text);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const reward = await requireReward(tx, scope.clientId, rewardId, true);
    if (reward.type !== 'Coupon' || reward.couponCode) throw fieldError('unprocessable', 'reward', 'only a Coupon reward without a shared code takes a pool of codes');
    let added = 0;
    for (let i = 0; i < codes.length; i += 1000) {
      const chunk = [...new Set(codes.slice(i, i + 1000))];
      const ins = await tx
        .insert(couponPool)
        .values(chunk.map((code) => ({ id: randomId('cc', 16), clientId: scope.clientId, rewardId: reward.id, code })))
        .onConflictDoNothing()
        .returning({ id: couponPool.id });
      added += ins.length;
    }
    await tx.update(rewards).set({ budgetTotal: sql`${rewards.budgetTotal} + ${added}` }).where(and(eq(rewards.id, reward.id), eq(rewards.clientId, scope.clientId)));
    const left = (await poolCounts(tx, scope.clientId, [reward.id])).get(reward.id) ?? 0;
    await recordAudit(tx, scope, { action: 'reward.coupons.upload', target: reward.id, before: { budgetTotal: reward.budgetTotal }, after: { added, skippedDuplicates: codes.length - added, left } });
    return { rewardId: reward.id, added, skippedDuplicates: codes.length - added, left };
  });
}

/** Every product of the brand with its journey's steps (none when it has no journey). */
export async function listJourneys(scope: ConsoleScope): Promise<JourneySummary[]> {
  const db = await getDb();
  const prods = await db.select({ id: products.id, name: products.name }).from(products).where(eq(products.clientId, scope.clientId)).orderBy(asc(products.name), asc(products.id));
  const js = await db.select().from(journeys).where(eq(journeys.clientId, scope.clientId));
  const steps = js.length
    ? await db
        .select()
        .from(journeySteps)
        .where(and(eq(journeySteps.clientId, scope.clientId), inArray(journeySteps.journeyId, js.map((j) => j.id))))
        .orderBy(asc(journeySteps.position))
    : [];
  return prods.map((p) => {
    const j = js.find((x) => x.productId === p.id);
    return {
      productId: p.id,
      productName: p.name,
      journeyId: j?.id ?? null,
      steps: j ? steps.filter((s) => s.journeyId === j.id).map((s) => ({ type: s.type, title: s.title, config: s.config }) as JourneyStepDef) : [],
    };
  });
}

/**
 * Replaces the product's journey. Progress on the old steps restarts; rewards already granted
 * stay granted, and a unit still earns a reward at most once.
 */
export async function setJourney(scope: ConsoleScope, productId: string, def: { steps: JourneyStepDef[] }) {
  const db = await getDb();
  const [product] = await db.select({ id: products.id }).from(products).where(and(eq(products.id, productId), eq(products.clientId, scope.clientId)));
  if (!product) throw new ApiError('not_found', `No product ${productId} at this brand`);
  const rewardIds = def.steps.flatMap((s) => (s.type === 'REWARD' ? [s.config.rewardId] : []));
  if (rewardIds.length) {
    const found = await db.select({ id: rewards.id }).from(rewards).where(and(eq(rewards.clientId, scope.clientId), inArray(rewards.id, rewardIds)));
    const missing = rewardIds.filter((id) => !found.some((f) => f.id === id));
    if (missing.length) throw fieldError('unprocessable', 'config.steps', `no reward ${missing.join(', ')} at this brand`);
  }
  return db.transaction(async (tx) => {
    const [old] = await tx.select().from(journeys).where(and(eq(journeys.clientId, scope.clientId), eq(journeys.productId, product.id)));
    const before = old
      ? (await tx.select().from(journeySteps).where(and(eq(journeySteps.clientId, scope.clientId), eq(journeySteps.journeyId, old.id))).orderBy(asc(journeySteps.position))).map((s) => ({
          type: s.type,
          title: s.title,
          config: s.config,
        }))
      : null;
    await tx.delete(journeys).where(and(eq(journeys.clientId, scope.clientId), eq(journeys.productId, product.id)));
    const journeyId = randomId('jn', 16);
    await tx.insert(journeys).values({ id: journeyId, clientId: scope.clientId, productId: product.id });
    await tx.insert(journeySteps).values(
      def.steps.map((s, position) => ({ id: randomId('js', 16), clientId: scope.clientId, journeyId, position, type: s.type, title: s.title, config: s.config })),
    );
    await recordAudit(tx, scope, { action: 'journey.set', target: product.id, before: before && { steps: before }, after: { steps: def.steps } });
    return { journeyId, productId: product.id, steps: def.steps.map((s) => `${s.type}: ${s.title}`) };
  });
}
