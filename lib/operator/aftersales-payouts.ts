import 'server-only';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ApiError } from '@/lib/errors';
import { PAYOUT_REFERENCE_PATTERN, PAYOUT_STATUSES, rupees } from '@/lib/domain/payouts';
import * as payoutCases from '@/lib/console/payouts';
import { brandScope } from './brands';
import { slugArg } from './catalog';

// Manual payout settlement from the command line (docs/after-sales.md): the console's use cases
// (lib/console/payouts/) with files on the server's disk: export the claimed payouts as the
// bank's bulk-transfer CSV, import the bank's result CSV, retry failed payouts under the same
// reference.

const fileArg = z.string().min(1, 'is required').max(1000);
const MAX_RESULT_BYTES = 5 * 1024 * 1024;

export const listPayoutsArgs = z.object({ slug: slugArg, status: z.enum(PAYOUT_STATUSES).optional() }).strict();

export async function listPayouts(args: z.output<typeof listPayoutsArgs>) {
  const { payouts } = await payoutCases.listPayouts(await brandScope(args.slug), { status: args.status, limit: 2000 });
  return payouts
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((p) => ({
      reference: p.reference,
      status: p.status,
      amount: rupees(p.amount),
      vpa: p.vpa ?? '',
      attempts: p.attempts,
      bankRef: p.bankRef ?? '',
      failureReason: p.failureReason ?? '',
    }));
}

export const exportPayoutsArgs = z.object({ slug: slugArg, out: fileArg }).strict();

/** TRANSFER_PENDING → PENDING_AT_BANK for every claimed payout, written as the bank's CSV (never overwrites a file; a file that cannot be written moves nothing). */
export async function exportPayouts(args: z.output<typeof exportPayoutsArgs>) {
  const out = path.resolve(args.out);
  const done = await payoutCases.exportPayouts(await brandScope(args.slug), {
    deliver: (csv) => {
      try {
        writeFileSync(out, csv, { flag: 'wx', mode: 0o600 });
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        throw new ApiError(code === 'EEXIST' ? 'conflict' : 'bad_request', code === 'EEXIST' ? `${args.out} exists; choose a new file name` : `Cannot write ${args.out}: ${code}`);
      }
    },
  });
  return { file: out, count: done.count, total: done.total, held: done.held };
}

export const importBankResultsArgs = z.object({ slug: slugArg, file: fileArg }).strict();

/** PENDING_AT_BANK → TRANSFER_COMPLETED / TRANSFER_FAILED from the bank's CSV; any problem applies nothing. */
export async function importBankResults(args: z.output<typeof importBankResultsArgs>) {
  const scope = await brandScope(args.slug);
  let text: string;
  try {
    const buf = readFileSync(path.resolve(args.file));
    if (buf.length > MAX_RESULT_BYTES) throw new ApiError('payload_too_large', `${args.file} is larger than 5 MB`);
    text = buf.toString('utf8');
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw new ApiError('bad_request', `Cannot read ${args.file}: ${(e as NodeJS.ErrnoException).code}`);
  }
  return payoutCases.importBankResults(scope, text);
}

export const retryPayoutArgs = z.object({ slug: slugArg, reference: z.string().regex(PAYOUT_REFERENCE_PATTERN, 'must be a payout reference like PO1A2B3C4D5E6F7G') }).strict();

/** TRANSFER_FAILED → TRANSFER_PENDING under the same reference, to the customer's current UPI id. */
export async function retryPayout(args: z.output<typeof retryPayoutArgs>) {
  return payoutCases.retryPayout(await brandScope(args.slug), args.reference);
}
