import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ApiError } from '@/lib/errors';
import { rupees } from '@/lib/domain/payouts';
import * as rewardCases from '@/lib/console/rewards';
import { checkRewardInput, rewardInputShape } from '@/lib/schemas/console-money';
import { journeyDefSchema } from '@/lib/schemas/journeys';
import { brandScope } from './brands';
import { slugArg } from './catalog';
import * as payoutCmds from './aftersales-payouts';
import * as complaintCmds from './aftersales-complaints';

// After-sales operator commands (docs/after-sales.md): rewards, coupon pools, scan journeys,
// payouts and complaints. Registered in ./commands.ts through `aftersalesCommands`. Rewards,
// journeys and payouts are the console's use cases (lib/console), called as the command line.

export const createRewardArgs = z.object({ slug: slugArg, ...rewardInputShape }).strict().superRefine(checkRewardInput);

export async function createReward({ slug, ...input }: z.output<typeof createRewardArgs>) {
  const r = await rewardCases.createReward(await brandScope(slug), input);
  return { rewardId: r.rewardId, name: r.name, type: r.type, amount: r.amount === null ? null : rupees(r.amount), budget: r.type === 'Cashback' ? rupees(r.budgetTotal) : r.budgetTotal };
}

export const listRewardsArgs = z.object({ slug: slugArg }).strict();

export async function listRewards(args: z.output<typeof listRewardsArgs>) {
  const rows = await rewardCases.listRewards(await brandScope(args.slug));
  const money = (r: (typeof rows)[number], n: number) => (r.type === 'Cashback' ? rupees(n) : String(n));
  return rows.map((r) => ({
    rewardId: r.rewardId,
    name: r.name,
    type: r.type,
    amount: r.amount === null ? '' : rupees(r.amount),
    couponCode: r.couponCode ?? (r.pool ? '(pool)' : ''),
    budget: money(r, r.budgetTotal),
    used: money(r, r.budgetUsed),
    perCustomer: r.perCustomer,
    active: r.active,
  }));
}

export const setRewardActiveArgs = z.object({ slug: slugArg, reward: z.string().min(1), active: z.boolean() }).strict();

export async function setRewardActive(args: z.output<typeof setRewardActiveArgs>) {
  const r = await rewardCases.updateReward(await brandScope(args.slug), args.reward, { active: args.active });
  return { rewardId: r.rewardId, active: r.active };
}

export const uploadCouponsArgs = z.object({ slug: slugArg, reward: z.string().min(1, 'is required'), file: z.string().min(1, 'is required').max(1000) }).strict();

/** Codes from a text file (one a line) or a CSV (first column; a 'code' header is skipped). */
export async function uploadCoupons(args: z.output<typeof uploadCouponsArgs>) {
  const scope = await brandScope(args.slug);
  let text: string;
  try {
    text = readFileSync(path.resolve(args.file), 'utf8');
  } catch (e) {
    throw new ApiError('bad_request', `Cannot read ${args.file}: ${(e as NodeJS.ErrnoException).code}`);
  }
  const { rewardId, added, skippedDuplicates } = await rewardCases.uploadCoupons(scope, args.reward, text);
  return { rewardId, added, skippedDuplicates };
}

export const setJourneyArgs = z.object({ slug: slugArg, product: z.string().min(1, 'is required'), config: journeyDefSchema }).strict();

/** Replaces the product's journey (from --config journey.json). Progress on the old steps restarts; rewards already granted stay granted, and a unit still earns a reward at most once. */
export async function setJourney(args: z.output<typeof setJourneyArgs>) {
  return rewardCases.setJourney(await brandScope(args.slug), args.product, args.config);
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
