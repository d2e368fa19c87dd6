import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { customers, payouts } from '@/lib/db/schema';
import { ApiError } from '@/lib/errors';
import { tryTransitionPayout } from '@/lib/payouts/transition-payout';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';

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
