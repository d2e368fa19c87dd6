import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { payouts } from '@/lib/db/schema';
import { rupees } from '@/lib/domain/payouts';
import { ApiError } from '@/lib/errors';
import { payoutProvider } from '@/lib/payouts/manual';
import { tryTransitionPayout } from '@/lib/payouts/transition-payout';
import { enqueueCustomerMessage } from '@/lib/messaging/queue';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';

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
