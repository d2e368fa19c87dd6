import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { payouts } from '@/lib/db/schema';
import { canTransition, type PayoutStatus } from '@/lib/domain/payouts';
import { ApiError } from '@/lib/errors';
import type { DbOrTx } from '@/lib/db/db-or-tx';

// Every payout move is one conditional update: `... where id = $1 and status = $expected
// returning`. Nothing returned means another request moved it first (or it never was in that
// status); the caller decides what to answer.

type Changes = Partial<Pick<typeof payouts.$inferInsert, 'vpa' | 'idempotencyKey' | 'bankRef' | 'failureReason' | 'claimedAt' | 'exportedAt' | 'settledAt'>> & {
  countAttempt?: boolean;
};

export async function tryTransitionPayout(
  tx: DbOrTx,
  where: { clientId: string; payoutId: string; customerId?: string },
  from: PayoutStatus,
  to: PayoutStatus,
  changes: Changes,
) {
  if (!canTransition(from, to)) throw new ApiError('conflict', `A payout cannot move from ${from} to ${to}`);
  const { countAttempt, ...set } = changes;
  const [row] = await tx
    .update(payouts)
    .set({ ...set, status: to, updatedAt: new Date(), ...(countAttempt ? { attempts: sql`${payouts.attempts} + 1` } : {}) })
    .where(
      and(
        eq(payouts.id, where.payoutId),
        eq(payouts.clientId, where.clientId),
        where.customerId === undefined ? undefined : eq(payouts.customerId, where.customerId),
        eq(payouts.status, from),
      ),
    )
    .returning();
  return row;
}

/** As tryTransitionPayout, but a payout not in `from` is a 409 naming the move. */
export async function transitionPayout(tx: DbOrTx, where: { clientId: string; payoutId: string }, from: PayoutStatus, to: PayoutStatus, changes: Changes) {
  const row = await tryTransitionPayout(tx, where, from, to, changes);
  if (!row) throw new ApiError('conflict', `The payout is not ${from}, so it cannot move to ${to}`);
  return row;
}
