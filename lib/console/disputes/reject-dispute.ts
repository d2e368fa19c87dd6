import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { claimDisputes } from '@/lib/db/schema';
import { notFound } from '@/lib/errors';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import { decided, actorName } from './shared';

/** Rejects a dispute with a reason the customer reads; the claim stays. Audited. */
export async function rejectDispute(scope: ConsoleScope, id: string, reason: string) {
  const db = await getDb();
  const clientId = scope.clientId;
  return db.transaction(async (tx) => {
    const [d] = await tx.select().from(claimDisputes).where(and(eq(claimDisputes.clientId, clientId), eq(claimDisputes.id, id))).for('update');
    if (!d) throw notFound('Dispute');
    if (d.status !== 'open') throw decided();
    const now = new Date();
    await tx
      .update(claimDisputes)
      .set({ status: 'rejected', reason, decidedAt: now, decidedBy: actorName(scope) })
      .where(and(eq(claimDisputes.clientId, clientId), eq(claimDisputes.id, id)));
    await recordAudit(tx, scope, { action: 'claim.dispute.reject', target: d.id, before: { status: 'open' }, after: { status: 'rejected', reason } });
    return { id: d.id, status: 'rejected' as const, moved: null };
  });
}
