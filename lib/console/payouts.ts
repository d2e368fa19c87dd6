import 'server-only';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db/client';
import { batches, codes, customers, payouts, products, rewardGrants, rewards } from '@/lib/db/schema';
import { PAYOUT_STATUSES, rupees, type PayoutStatus } from '@/lib/domain/payouts';
import { ApiError } from '@/lib/errors';
import { payoutProvider } from '@/lib/payouts/manual';
import { tryTransitionPayout } from '@/lib/payouts/transition-payout';
import type { ConsolePayout, PAYOUT_SORTS, PayoutExportQuery } from '@/lib/schemas/console-money';
import { CSV_MAX_ROWS, sortOf } from '@/lib/schemas/console-list';
import { roleMay } from '@/lib/domain/staff-roles';
import { enqueueCustomerMessage } from '@/lib/messaging/queue';
import { recordAudit } from './audit';
import { afterKey, dayRange, exportFileName, keysetPages, keyText, orderOf, type SortColumn } from './list-kit';
import type { ConsoleScope } from './scope';

// Manual payout settlement (docs/after-sales.md), for the console's Payouts area and the command
// line (export-payouts, import-bank-results, retry-payout, list-payouts): export the claimed
// payouts as the bank's bulk-transfer CSV, import the bank's result CSV, retry failed payouts
// under the same reference. Every move is a conditional update on the expected status; an import
// applies all of its rows or none; each is audited in its transaction.

/**
 * A payout whose unit has an open red flag waits for the review (docs/verification.md, "Risk"):
 * it stays TRANSFER_PENDING and is counted as held.
 */
const underReview = (clientId: string) =>
  sql<boolean>`exists (select 1 from reward_grants g join red_flags f on f.client_id = g.client_id and f.unit_key = g.unit_id and f.status = 'open'
    where g.id = ${payouts.grantId} and g.client_id = ${clientId})`;

/** The list's filters as SQL on payouts (the brand's, always). */
function payoutWhere(clientId: string, f: PayoutFilter): SQL[] {
  const where: SQL[] = [eq(payouts.clientId, clientId)];
  if (f.status) where.push(eq(payouts.status, f.status));
  if (f.product) where.push(eq(rewardGrants.productId, f.product));
  if (f.batch) {
    where.push(sql`${rewardGrants.unitId} in (select ${codes.pairId} from ${codes} join ${batches} on ${batches.id} = ${codes.batchId} and ${batches.clientId} = ${clientId}
      where ${codes.clientId} = ${clientId} and ${codes.pairId} is not null and upper(${batches.batchNumber}) = upper(${f.batch}))`);
  }
  where.push(...dayRange(payouts.createdAt, f.from, f.to));
  return where;
}

export type PayoutFilter = Partial<Omit<PayoutExportQuery, 'sort'>> & { sort?: PayoutExportQuery['sort'] };

const PAYOUT_SORT_COLUMNS: Record<(typeof PAYOUT_SORTS)[number], SortColumn> = {
  created: { expr: payouts.createdAt, type: 'timestamptz' },
  updated: { expr: payouts.updatedAt, type: 'timestamptz' },
  amount: { expr: payouts.amount, type: 'int' },
  status: { expr: payouts.status, type: 'text' },
  reference: { expr: payouts.reference, type: 'text' },
};

function selectPayouts(db: Pick<Db, 'select'>, clientId: string, where: SQL[], col: SortColumn) {
  return db
    .select({ p: payouts, customerName: customers.userName, rewardName: rewards.name, productName: products.name, held: underReview(clientId), key: keyText(col) })
    .from(payouts)
    .innerJoin(rewardGrants, and(eq(rewardGrants.id, payouts.grantId), eq(rewardGrants.clientId, clientId)))
    .innerJoin(rewards, and(eq(rewards.id, rewardGrants.rewardId), eq(rewards.clientId, clientId)))
    .leftJoin(customers, and(eq(customers.id, payouts.customerId), eq(customers.clientId, clientId)))
    .leftJoin(products, and(eq(products.id, rewardGrants.productId), eq(products.clientId, clientId)))
    .where(and(...where))
    .$dynamic();
}

type PayoutJoined = { p: typeof payouts.$inferSelect; customerName: string | null; rewardName: string; productName: string | null; held: boolean };

function payoutRowOf({ p, customerName, rewardName, productName, held }: PayoutJoined): ConsolePayout {
  return {
    reference: p.reference,
    status: p.status,
    amount: p.amount,
    amountText: `₹${rupees(p.amount)}`,
    vpa: p.vpa,
    customerName: customerName?.trim() || 'Customer',
    rewardName,
    productName: productName ?? '',
    attempts: p.attempts,
    bankRef: p.bankRef,
    failureReason: p.failureReason,
    held: p.status === 'TRANSFER_PENDING' && Boolean(held),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    claimedAt: p.claimedAt?.toISOString() ?? null,
    settledAt: p.settledAt?.toISOString() ?? null,
  };
}

/**
 * A page of the brand's payouts in the sort asked (last changed first by default), how many the
 * filters match, and the count in each status (of all the brand's payouts, whatever the filter).
 */
export async function listPayouts(
  scope: ConsoleScope,
  opts: PayoutFilter & { limit?: number; offset?: number } = {},
): Promise<{ payouts: ConsolePayout[]; counts: Record<PayoutStatus, number>; total: number }> {
  const db = await getDb();
  const where = payoutWhere(scope.clientId, opts);
  const { column, dir } = sortOf(opts.sort ?? '-updated');
  const col = PAYOUT_SORT_COLUMNS[column];
  const rows = await selectPayouts(db, scope.clientId, where, col)
    .orderBy(orderOf(col, payouts.id, dir))
    .limit(Math.min(opts.limit ?? 500, 2000))
    .offset(opts.offset ?? 0);
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(payouts)
    .innerJoin(rewardGrants, and(eq(rewardGrants.id, payouts.grantId), eq(rewardGrants.clientId, scope.clientId)))
    .where(and(...where));
  const grouped = await db
    .select({ status: payouts.status, n: sql<number>`count(*)::int` })
    .from(payouts)
    .where(eq(payouts.clientId, scope.clientId))
    .groupBy(payouts.status);
  const counts = Object.fromEntries(PAYOUT_STATUSES.map((s) => [s, Number(grouped.find((g) => g.status === s)?.n ?? 0)])) as Record<PayoutStatus, number>;
  return { counts, total: Number(total), payouts: rows.map(payoutRowOf) };
}

/** Whether the acting scope may download the payouts list: it names customers and their UPI ids, so the roles that pay them (owner, finance) and the command line. */
export const mayDownloadPayouts = (scope: ConsoleScope): boolean => scope.actor.kind === 'cli' || roleMay(scope.actor.role, 'payouts', 'write');

export const PAYOUT_LIST_HEADER = ['Reference', 'Made', 'Last changed', 'Status', 'Held for a review', 'Customer', 'UPI id', 'Reward', 'Product', 'Amount (INR)', 'Attempts', 'Bank reference', 'Failure', 'Claimed', 'Settled'] as const;

/**
 * Every payout the list's filters match, in its sort, as CSV rows a keyset page at a time (the
 * table kit). Not the bank's file (exportPayouts): nothing moves. Audited as payouts.list.export;
 * refused (403) to the roles that read payouts but do not pay them (the analyst).
 */
export async function exportPayoutList(scope: ConsoleScope, query: PayoutExportQuery): Promise<{ fileName: string; rows: AsyncIterable<string[][]> }> {
  if (!mayDownloadPayouts(scope)) throw new ApiError('forbidden', "Your role may not download payouts: the file names customers and their UPI ids, so only the roles that pay them (owner, finance) may.");
  const db = await getDb();
  const where = payoutWhere(scope.clientId, query);
  const { column, dir } = sortOf(query.sort);
  const col = PAYOUT_SORT_COLUMNS[column];
  await recordAudit(db, scope, { action: 'payouts.list.export', target: 'payouts', after: { ...query } });
  const pages = keysetPages(
    async (after, limit) => {
      const rows = await selectPayouts(db, scope.clientId, [...where, ...(after ? [afterKey(col, payouts.id, dir, after)!] : [])], col)
        .orderBy(orderOf(col, payouts.id, dir))
        .limit(limit);
      return rows.map((r) => ({ row: r, key: { value: r.key, id: r.p.id } }));
    },
    { max: CSV_MAX_ROWS },
  );
  async function* out() {
    for await (const page of pages) {
      yield page.map((r) => {
        const p = payoutRowOf(r);
        return [p.reference, p.createdAt, p.updatedAt, p.status, p.held ? 'yes' : 'no', p.customerName, p.vpa ?? '', p.rewardName, p.productName, rupees(p.amount), String(p.attempts), p.bankRef ?? '', p.failureReason ?? '', p.claimedAt ?? '', p.settledAt ?? ''];
      });
    }
  }
  return { fileName: exportFileName(scope.slug, 'payouts'), rows: out() };
}

export type PayoutExport = { fileName: string; csv: string; count: number; total: string; held: number; references: string[] };

/**
 * TRANSFER_PENDING → PENDING_AT_BANK for every claimed payout not held for a review, as the
 * bank's CSV. `deliver` runs inside the transaction (the command line writes the file there), so
 * a file that cannot be written moves nothing.
 */
export async function exportPayouts(scope: ConsoleScope, opts: { deliver?: (csv: string) => void } = {}): Promise<PayoutExport> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const pending = await tx
      .select({ p: payouts, name: customers.userName })
      .from(payouts)
      .innerJoin(customers, and(eq(customers.id, payouts.customerId), eq(customers.clientId, scope.clientId)))
      .where(and(eq(payouts.clientId, scope.clientId), eq(payouts.status, 'TRANSFER_PENDING'), sql`not ${underReview(scope.clientId)}`))
      .orderBy(asc(payouts.claimedAt), asc(payouts.id));
    const [{ held } = { held: 0 }] = await tx
      .select({ held: sql<number>`count(*)::int` })
      .from(payouts)
      .where(and(eq(payouts.clientId, scope.clientId), eq(payouts.status, 'TRANSFER_PENDING'), underReview(scope.clientId)));
    const batch = [];
    const now = new Date();
    for (const { p, name } of pending) {
      const moved = await tryTransitionPayout(tx, { clientId: scope.clientId, payoutId: p.id }, 'TRANSFER_PENDING', 'PENDING_AT_BANK', { exportedAt: now });
      if (moved) batch.push({ reference: moved.reference, vpa: moved.vpa!, amount: moved.amount, name: name?.trim() || 'Customer' });
    }
    const csv = payoutProvider().renderInstructions(batch);
    const total = rupees(batch.reduce((s, b) => s + b.amount, 0));
    const references = batch.map((b) => b.reference);
    const fileName = `payouts-${scope.slug}-${now.toISOString().slice(0, 19).replace(/[:T]/g, '-')}.csv`;
    await recordAudit(tx, scope, { action: 'payouts.export', target: fileName, after: { count: batch.length, total, held: Number(held), references } });
    opts.deliver?.(csv);
    return { fileName, csv, count: batch.length, total, held: Number(held), references };
  });
}

/** PENDING_AT_BANK → TRANSFER_COMPLETED / TRANSFER_FAILED from the bank's CSV; any problem applies nothing. */
export async function importBankResults(scope: ConsoleScope, text: string) {
  const { results, problems } = payoutProvider().parseResults(text);
  const db = await getDb();
  const known = results.length
    ? await db.select().from(payouts).where(and(eq(payouts.clientId, scope.clientId), inArray(payouts.reference, results.map((r) => r.reference))))
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
    throw new ApiError('unprocessable', `Nothing imported; ${problems.length} problem${problems.length > 1 ? 's' : ''}: ${list}`, undefined, 'file');
  }
  const summary = {
    completed: todo.filter((t) => t.result.status === 'SUCCESS').length,
    failed: todo.filter((t) => t.result.status === 'FAILED').length,
    unchanged,
  };
  await db.transaction(async (tx) => {
    const now = new Date();
    for (const { result, payout } of todo) {
      const moved = await tryTransitionPayout(
        tx,
        { clientId: scope.clientId, payoutId: payout.id },
        'PENDING_AT_BANK',
        result.status === 'SUCCESS' ? 'TRANSFER_COMPLETED' : 'TRANSFER_FAILED',
        { bankRef: result.bankRef || null, failureReason: result.status === 'FAILED' ? result.reason : null, settledAt: now },
      );
      if (!moved) throw new ApiError('conflict', `Nothing imported; ${result.reference} changed during the import, run it again`);
      // The customer hears of the result, with the bank's reference or what to do (docs/messages.md).
      await enqueueCustomerMessage(tx, {
        clientId: scope.clientId,
        customerId: moved.customerId,
        kind: result.status === 'SUCCESS' ? 'payout-completed' : 'payout-failed',
        eventKey: `${moved.reference}:${now.getTime()}`,
        params: result.status === 'SUCCESS' ? { amount: rupees(moved.amount), utr: result.bankRef || moved.reference } : { amount: rupees(moved.amount), reason: result.reason || '—' },
      });
    }
    await recordAudit(tx, scope, {
      action: 'payouts.import',
      target: `${todo.length} payout${todo.length === 1 ? '' : 's'}`,
      after: { ...summary, results: todo.map(({ result }) => ({ reference: result.reference, status: result.status, bankRef: result.bankRef, reason: result.reason })) },
    });
  });
  return summary;
}

/** TRANSFER_FAILED → TRANSFER_PENDING under the same reference, to the customer's current UPI id. */
export async function retryPayout(scope: ConsoleScope, reference: string) {
  const db = await getDb();
  const [row] = await db
    .select({ p: payouts, vpa: customers.vpa })
    .from(payouts)
    .innerJoin(customers, and(eq(customers.id, payouts.customerId), eq(customers.clientId, scope.clientId)))
    .where(and(eq(payouts.clientId, scope.clientId), eq(payouts.reference, reference)));
  if (!row) throw new ApiError('not_found', `No payout ${reference} at this brand`);
  if (row.p.status !== 'TRANSFER_FAILED') throw new ApiError('conflict', `${reference} is ${row.p.status}; only TRANSFER_FAILED payouts can be retried`);
  const vpa = row.vpa ?? row.p.vpa;
  // A customer who deleted their account has no UPI id left to pay (docs/after-sales.md).
  if (!vpa) throw new ApiError('conflict', `${reference} has no UPI id to pay: the customer has none on their profile (or deleted their account)`);
  return db.transaction(async (tx) => {
    const moved = await tryTransitionPayout(tx, { clientId: scope.clientId, payoutId: row.p.id }, 'TRANSFER_FAILED', 'TRANSFER_PENDING', {
      vpa,
      bankRef: null,
      failureReason: null,
      settledAt: null,
      countAttempt: true,
    });
    if (!moved) throw new ApiError('conflict', `${reference} changed meanwhile; look at the payouts again`);
    await recordAudit(tx, scope, {
      action: 'payout.retry',
      target: reference,
      before: { status: row.p.status, vpa: row.p.vpa, failureReason: row.p.failureReason, attempts: row.p.attempts },
      after: { status: moved.status, vpa: moved.vpa, attempts: moved.attempts },
    });
    return { reference: moved.reference, status: moved.status, vpa: moved.vpa, attempts: moved.attempts };
  });
}
