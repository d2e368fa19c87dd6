import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { customers, payouts } from '@/lib/db/schema';
import { rupees } from '@/lib/domain/payouts';
import { payoutProvider } from '@/lib/payouts/manual';
import { tryTransitionPayout } from '@/lib/payouts/transition-payout';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import { underReview } from './shared';

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
