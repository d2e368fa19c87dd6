import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { couponPool, journeys, journeySteps, products, rewards } from '@/lib/db/schema';
import { ApiError, fieldError } from '@/lib/errors';
import { paiseFromRupees, rupees } from '@/lib/domain/payouts';
import { randomId } from '@/lib/ids';
import { parseCsv } from '@/lib/payouts/csv';
import { journeyDefSchema } from '@/lib/schemas/journeys';
import { requireBrand } from './brands';
import { slugArg, textArg } from './catalog';
import * as payoutCmds from './aftersales-payouts';
import * as complaintCmds from './aftersales-complaints';

// After-sales operator commands (docs/after-sales.md): rewards, coupon pools, scan journeys,
// payouts and complaints. Registered in ./commands.ts through `aftersalesCommands`.

/** Rupees from the command line ('25', 25, '25.50') → paise. */
const rupeesArg = z
  .union([z.string(), z.number()])
  .transform((v, ctx) => {
    const paise = paiseFromRupees(String(v));
    if (paise === undefined) {
      ctx.addIssue({ code: 'custom', message: 'must be an amount in rupees like 25 or 25.50 (more than 0, at most 2 decimals)' });
      return z.NEVER;
    }
    return paise;
  });
const countArg = z.coerce.number().int('must be a whole number').min(0).max(10_000_000);

export const createRewardArgs = z
  .object({
    slug: slugArg,
    name: textArg(80),
    description: z.string().max(500).default(''),
    type: z.enum(['Cashback', 'Coupon']),
    /** Cashback: rupees per reward. */
    amount: rupeesArg.optional(),
    /** Coupon: one code everybody gets; without it, codes come from the pool (upload-coupons). */
    couponCode: textArg(64).optional(),
    /** Cashback: total rupees; Coupon: number of coupons (a pool coupon adds one per uploaded code). */
    budget: z.union([z.string(), z.number()]).optional(),
    perCustomer: z.coerce.number().int().min(1).max(1000).default(1),
  })
  .strict()
  .superRefine((a, ctx) => {
    if (a.type === 'Cashback' && a.amount === undefined) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'is required for a Cashback reward' });
    if (a.type === 'Cashback' && a.couponCode) ctx.addIssue({ code: 'custom', path: ['couponCode'], message: 'is only for Coupon rewards' });
    if (a.type === 'Coupon' && a.amount !== undefined) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'is only for Cashback rewards' });
    if (a.type === 'Cashback' && a.budget === undefined) ctx.addIssue({ code: 'custom', path: ['budget'], message: 'is required for a Cashback reward (total rupees)' });
    if (a.type === 'Coupon' && a.couponCode && a.budget === undefined) ctx.addIssue({ code: 'custom', path: ['budget'], message: 'is required for a shared coupon code (number of coupons)' });
  });

export async function createReward(args: z.output<typeof createRewardArgs>) {
  const brand = await requireBrand(args.slug);
  let budgetTotal = 0;
  if (args.budget !== undefined) {
    const parsed = args.type === 'Cashback' ? rupeesArg.safeParse(args.budget) : countArg.safeParse(args.budget);
    if (!parsed.success) throw fieldError('unprocessable', 'budget', parsed.error.issues[0]!.message);
    budgetTotal = parsed.data;
  }
  if (args.type === 'Cashback' && budgetTotal < args.amount!) throw fieldError('unprocessable', 'budget', 'must cover at least one reward');
  const db = await getDb();
  const id = randomId('rw', 16);
  await db.insert(rewards).values({
    id,
    clientId: brand.id,
    name: args.name,
    description: args.description,
    type: args.type,
    amount: args.amount ?? null,
    couponCode: args.couponCode ?? null,
    budgetTotal,
    perCustomerLimit: args.perCustomer,
  });
  return { rewardId: id, name: args.name, type: args.type, amount: args.amount === undefined ? null : rupees(args.amount), budget: args.type === 'Cashback' ? rupees(budgetTotal) : budgetTotal };
}

export const listRewardsArgs = z.object({ slug: slugArg }).strict();

export async function listRewards(args: z.output<typeof listRewardsArgs>) {
  const brand = await requireBrand(args.slug);
  const db = await getDb();
  const rows = await db.select().from(rewards).where(eq(rewards.clientId, brand.id)).orderBy(asc(rewards.createdAt));
  const money = (r: (typeof rows)[number], n: number) => (r.type === 'Cashback' ? rupees(n) : String(n));
  return rows.map((r) => ({
    rewardId: r.id,
    name: r.name,
    type: r.type,
    amount: r.amount === null ? '' : rupees(r.amount),
    couponCode: r.couponCode ?? (r.type === 'Coupon' ? '(pool)' : ''),
    budget: money(r, r.budgetTotal),
    used: money(r, r.budgetUsed),
    perCustomer: r.perCustomerLimit,
    active: r.active,
  }));
}

async function requireReward(clientId: string, rewardId: string) {
  const db = await getDb();
  const [r] = await db.select().from(rewards).where(and(eq(rewards.id, rewardId), eq(rewards.clientId, clientId)));
  if (!r) throw new ApiError('not_found', `No reward ${rewardId} at this brand`);
  return r;
}

export const setRewardActiveArgs = z.object({ slug: slugArg, reward: z.string().min(1), active: z.boolean() }).strict();

export async function setRewardActive(args: z.output<typeof setRewardActiveArgs>) {
  const brand = await requireBrand(args.slug);
  const r = await requireReward(brand.id, args.reward);
  const db = await getDb();
  await db.update(rewards).set({ active: args.active }).where(and(eq(rewards.id, r.id), eq(rewards.clientId, brand.id)));
  return { rewardId: r.id, active: args.active };
}

export const uploadCouponsArgs = z.object({ slug: slugArg, reward: z.string().min(1, 'is required'), file: z.string().min(1, 'is required').max(1000) }).strict();

/** Codes from a text file (one a line) or a CSV (first column; a 'code' header is skipped). */
export async function uploadCoupons(args: z.output<typeof uploadCouponsArgs>) {
  const brand = await requireBrand(args.slug);
  const reward = await requireReward(brand.id, args.reward);
  if (reward.type !== 'Coupon' || reward.couponCode) throw fieldError('unprocessable', 'reward', 'only a Coupon reward without a shared code takes a pool of codes');
  let text: string;
  try {
    text = readFileSync(path.resolve(args.file), 'utf8');
  } catch (e) {
    throw new ApiError('bad_request', `Cannot read ${args.file}: ${(e as NodeJS.ErrnoException).code}`);
  }
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
  if (problems.length) throw new ApiError('unprocessable', `Nothing uploaded; ${problems.slice(0, 20).join('; ')}`);
  if (!codes.length) throw fieldError('unprocessable', 'file', 'no coupon codes found');
  if (codes.length > 100_000) throw fieldError('unprocessable', 'file', 'at most 100000 codes at once');
  const db = await getDb();
  return db.transaction(async (tx) => {
    let added = 0;
    for (let i = 0; i < codes.length; i += 1000) {
      const chunk = [...new Set(codes.slice(i, i + 1000))];
      const ins = await tx
        .insert(couponPool)
        .values(chunk.map((code) => ({ id: randomId('cc', 16), clientId: brand.id, rewardId: reward.id, code })))
        .onConflictDoNothing()
        .returning({ id: couponPool.id });
      added += ins.length;
    }
    await tx.update(rewards).set({ budgetTotal: sql`${rewards.budgetTotal} + ${added}` }).where(and(eq(rewards.id, reward.id), eq(rewards.clientId, brand.id)));
    return { rewardId: reward.id, added, skippedDuplicates: codes.length - added };
  });
}

export const setJourneyArgs = z.object({ slug: slugArg, product: z.string().min(1, 'is required'), config: journeyDefSchema }).strict();

/** Replaces the product's journey (from --config journey.json). Progress on the old steps restarts; rewards already granted stay granted, and a unit still earns a reward at most once. */
export async function setJourney(args: z.output<typeof setJourneyArgs>) {
  const brand = await requireBrand(args.slug);
  const db = await getDb();
  const [product] = await db.select({ id: products.id }).from(products).where(and(eq(products.id, args.product), eq(products.clientId, brand.id)));
  if (!product) throw new ApiError('not_found', `No product ${args.product} at ${args.slug}`);
  const rewardIds = args.config.steps.flatMap((s) => (s.type === 'REWARD' ? [s.config.rewardId] : []));
  if (rewardIds.length) {
    const found = await db.select({ id: rewards.id }).from(rewards).where(and(eq(rewards.clientId, brand.id), inArray(rewards.id, rewardIds)));
    const missing = rewardIds.filter((id) => !found.some((f) => f.id === id));
    if (missing.length) throw fieldError('unprocessable', 'config.steps', `no reward ${missing.join(', ')} at this brand`);
  }
  return db.transaction(async (tx) => {
    await tx.delete(journeys).where(and(eq(journeys.clientId, brand.id), eq(journeys.productId, product.id)));
    const journeyId = randomId('jn', 16);
    await tx.insert(journeys).values({ id: journeyId, clientId: brand.id, productId: product.id });
    await tx.insert(journeySteps).values(
      args.config.steps.map((s, position) => ({ id: randomId('js', 16), clientId: brand.id, journeyId, position, type: s.type, title: s.title, config: s.config })),
    );
    return { journeyId, productId: product.id, steps: args.config.steps.map((s) => `${s.type}: ${s.title}`) };
  });
}

type Command = { summary: string; args: z.ZodType; run: (args: never) => Promise<unknown> };

export const aftersalesCommands: Record<string, Command> = {
  'create-reward': {
    summary: 'Create a reward: --slug --name --type Cashback|Coupon [--amount 25] [--coupon-code X] [--budget 1000] [--per-customer 1] [--description]',
    args: createRewardArgs,
    run: createReward,
  },
  'list-rewards': { summary: 'List a brand\'s rewards with budget used: --slug', args: listRewardsArgs, run: listRewards },
  'set-reward-active': { summary: 'Switch a reward on or off: --slug --reward <id> --active true|false', args: setRewardActiveArgs, run: setRewardActive },
  'upload-coupons': { summary: 'Add coupon codes to a pool reward from a text or CSV file: --slug --reward <id> --file codes.csv', args: uploadCouponsArgs, run: uploadCoupons },
  'set-journey': { summary: 'Set a product\'s scan journey from a JSON file: --slug --product <id> --config journey.json', args: setJourneyArgs, run: setJourney },
  'list-payouts': { summary: 'List payouts: --slug [--status TRANSFER_PENDING]', args: payoutCmds.listPayoutsArgs, run: payoutCmds.listPayouts },
  'export-payouts': { summary: 'Write claimed payouts as a bank bulk-transfer CSV (moves them to PENDING_AT_BANK): --slug --out file.csv', args: payoutCmds.exportPayoutsArgs, run: payoutCmds.exportPayouts },
  'import-bank-results': { summary: 'Apply the bank\'s result CSV (reference,status,bank_ref,reason), all rows or none: --slug --file results.csv', args: payoutCmds.importBankResultsArgs, run: payoutCmds.importBankResults },
  'retry-payout': { summary: 'Queue a failed payout again under the same reference: --slug --reference PO...', args: payoutCmds.retryPayoutArgs, run: payoutCmds.retryPayout },
  'list-complaints': { summary: 'List complaints: --slug [--status unassigned|open|inprogress|closed]', args: complaintCmds.listComplaintsArgs, run: complaintCmds.listBrandComplaints },
  'assign-complaint': { summary: 'Assign a complaint (unassigned → open): --slug --ticket TKT-000001 --assignee Name', args: complaintCmds.assignComplaintArgs, run: complaintCmds.assignComplaint },
  'reply-complaint': { summary: 'Reply to a complaint as the brand: --slug --ticket TKT-000001 --message "..." [--author-name Name]', args: complaintCmds.replyComplaintArgs, run: complaintCmds.replyComplaint },
  'set-complaint-status': { summary: 'Move a complaint (allowed moves in docs/after-sales.md): --slug --ticket TKT-000001 --status open|inprogress|closed', args: complaintCmds.setComplaintStatusArgs, run: complaintCmds.setComplaintStatus },
  'list-feedback': { summary: 'List feedback, newest first: --slug [--limit 100]', args: complaintCmds.listFeedbackArgs, run: complaintCmds.listFeedback },
};
