import 'server-only';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { customers, payouts } from '@/lib/db/schema';
import { ApiError } from '@/lib/errors';
import { tryTransitionPayout } from '@/lib/payouts/transition-payout';
import { PAYOUT_STATUSES, rupees } from '@/lib/domain/payouts';
import { payoutProvider } from '@/lib/payouts/manual';
import { PAYOUT_REFERENCE_PATTERN } from '@/lib/payouts/reference';
import { requireBrand } from './brands';
import { slugArg } from './catalog';

// Manual payout settlement (docs/after-sales.md): export the claimed payouts as the bank's
// bulk-transfer CSV, import the bank's result CSV, retry failed payouts under the same
// reference. Every move is a conditional update on the expected status; an import applies all
// of its rows or none.

const fileArg = z.string().min(1, 'is required').max(1000);
const MAX_RESULT_BYTES = 5 * 1024 * 1024;

export const listPayoutsArgs = z.object({ slug: slugArg, status: z.enum(PAYOUT_STATUSES).optional() }).strict();

export async function listPayouts(args: z.output<typeof listPayoutsArgs>) {
  const brand = await requireBrand(args.slug);
  const db = await getDb();
  const rows = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.clientId, brand.id), args.status ? eq(payouts.status, args.status) : undefined))
    .orderBy(asc(payouts.createdAt));
  return rows.map((p) => ({
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

/**
 * A payout whose unit has an open red flag waits for the review (docs/verification.md, "Risk"):
 * it stays TRANSFER_PENDING and is counted as held.
 */
const underReview = (clientId: string) =>
  sql`exists (select 1 from reward_grants g join red_flags f on f.client_id = g.client_id and f.unit_key = g.unit_id and f.status = 'open'
    where g.id = ${payouts.grantId} and g.client_id = ${clientId})`;

/** TRANSFER_PENDING → PENDING_AT_BANK for every claimed payout, written as the bank's CSV (never overwrites a file). */
export async function exportPayouts(args: z.output<typeof exportPayoutsArgs>) {
  const brand = await requireBrand(args.slug);
  const out = path.resolve(args.out);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const pending = await tx
      .select({ p: payouts, name: customers.userName })
      .from(payouts)
      .innerJoin(customers, and(eq(customers.id, payouts.customerId), eq(customers.clientId, brand.id)))
      .where(and(eq(payouts.clientId, brand.id), eq(payouts.status, 'TRANSFER_PENDING'), sql`not ${underReview(brand.id)}`))
      .orderBy(asc(payouts.claimedAt), asc(payouts.id));
    const [{ held } = { held: 0 }] = await tx
      .select({ held: sql<number>`count(*)::int` })
      .from(payouts)
      .where(and(eq(payouts.clientId, brand.id), eq(payouts.status, 'TRANSFER_PENDING'), underReview(brand.id)));
    const batch = [];
    const now = new Date();
    for (const { p, name } of pending) {
      const moved = await tryTransitionPayout(tx, { clientId: brand.id, payoutId: p.id }, 'TRANSFER_PENDING', 'PENDING_AT_BANK', { exportedAt: now });
      if (moved) batch.push({ reference: moved.reference, vpa: moved.vpa!, amount: moved.amount, name: name?.trim() || 'Customer' });
    }
    try {
      writeFileSync(out, payoutProvider().renderInstructions(batch), { flag: 'wx', mode: 0o600 });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new ApiError(code === 'EEXIST' ? 'conflict' : 'bad_request', code === 'EEXIST' ? `${args.out} exists; choose a new file name` : `Cannot write ${args.out}: ${code}`);
    }
    return { file: out, count: batch.length, total: rupees(batch.reduce((s, b) => s + b.amount, 0)), held: Number(held) };
  });
}

export const importBankResultsArgs = z.object({ slug: slugArg, file: fileArg }).strict();

/** PENDING_AT_BANK → TRANSFER_COMPLETED / TRANSFER_FAILED from the bank's CSV; any problem applies nothing. */
export async function importBankResults(args: z.output<typeof importBankResultsArgs>) {
  const brand = await requireBrand(args.slug);
  let text: string;
  try {
    const buf = readFileSync(path.resolve(args.file));
    if (buf.length > MAX_RESULT_BYTES) throw new ApiError('payload_too_large', `${args.file} is larger than 5 MB`);
    text = buf.toString('utf8');
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw new ApiError('bad_request', `Cannot read ${args.file}: ${(e as NodeJS.ErrnoException).code}`);
  }
  const { results, problems } = payoutProvider().parseResults(text);
  const db = await getDb();
  const known = results.length
    ? await db.select().from(payouts).where(and(eq(payouts.clientId, brand.id), inArray(payouts.reference, results.map((r) => r.reference))))
    : [];
  const byRef = new Map(known.map((p) => [p.reference, p]));
  const todo: { result: (typeof results)[number]; payout: (typeof known)[number] }[] = [];
  let unchanged = 0;
  for (const r of results) {
    const p = byRef.get(r.reference);
    const target = r.status === 'SUCCESS' ? 'TRANSFER_COMPLETED' : 'TRANSFER_FAILED';
    if (!p) problems.push({ line: r.line, message: `unknown reference ${r.reference}` });
    else if (p.status === target && (p.bankRef ?? '') === r.bankRef) unchanged++; // the same file imported again
    else if (p.status !== 'PENDING_AT_BANK') problems.push({ line: r.line, message: `${r.reference} is ${p.status}, not PENDING_AT_BANK` });
    else todo.push({ result: r, payout: p });
  }
  if (problems.length) {
    problems.sort((a, b) => a.line - b.line);
    const list = problems.slice(0, 20).map((p) => `line ${p.line}: ${p.message}`).join('; ');
    throw new ApiError('unprocessable', `Nothing imported; ${problems.length} problem${problems.length > 1 ? 's' : ''}: ${list}`);
  }
  await db.transaction(async (tx) => {
    const now = new Date();
    for (const { result, payout } of todo) {
      const moved = await tryTransitionPayout(
        tx,
        { clientId: brand.id, payoutId: payout.id },
        'PENDING_AT_BANK',
        result.status === 'SUCCESS' ? 'TRANSFER_COMPLETED' : 'TRANSFER_FAILED',
        { bankRef: result.bankRef || null, failureReason: result.status === 'FAILED' ? result.reason : null, settledAt: now },
      );
      if (!moved) throw new ApiError('conflict', `Nothing imported; ${result.reference} changed during the import, run it again`);
    }
  });
  return {
    completed: todo.filter((t) => t.result.status === 'SUCCESS').length,
    failed: todo.filter((t) => t.result.status === 'FAILED').length,
    unchanged,
  };
}

export const retryPayoutArgs = z.object({ slug: slugArg, reference: z.string().regex(PAYOUT_REFERENCE_PATTERN, 'must be a payout reference like PO1A2B3C4D5E6F7G') }).strict();

/** TRANSFER_FAILED → TRANSFER_PENDING under the same reference, to the customer's current UPI id. */
export async function retryPayout(args: z.output<typeof retryPayoutArgs>) {
  const brand = await requireBrand(args.slug);
  const db = await getDb();
  const [row] = await db
    .select({ p: payouts, vpa: customers.vpa })
    .from(payouts)
    .innerJoin(customers, and(eq(customers.id, payouts.customerId), eq(customers.clientId, brand.id)))
    .where(and(eq(payouts.clientId, brand.id), eq(payouts.reference, args.reference)));
  if (!row) throw new ApiError('not_found', `No payout ${args.reference} at ${args.slug}`);
  if (row.p.status !== 'TRANSFER_FAILED') throw new ApiError('conflict', `${args.reference} is ${row.p.status}; only TRANSFER_FAILED payouts can be retried`);
  const vpa = row.vpa ?? row.p.vpa;
  // A customer who deleted their account has no UPI id left to pay (docs/after-sales.md).
  if (!vpa) throw new ApiError('conflict', `${args.reference} has no UPI id to pay: the customer has none on their profile (or deleted their account)`);
  const moved = await tryTransitionPayout(db, { clientId: brand.id, payoutId: row.p.id }, 'TRANSFER_FAILED', 'TRANSFER_PENDING', {
    vpa,
    bankRef: null,
    failureReason: null,
    settledAt: null,
    countAttempt: true,
  });
  if (!moved) throw new ApiError('conflict', `${args.reference} changed meanwhile; look again with list-payouts`);
  return { reference: moved.reference, status: moved.status, vpa: moved.vpa, attempts: moved.attempts };
}
