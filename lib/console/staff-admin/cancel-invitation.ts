import 'server-only';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { staffTokens } from '@/lib/db/schema';
import { ApiError } from '@/lib/errors';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';

/**
 * Cancels the brand's open invitation of an e-mail: its link stops working at once (marked used),
 * audited as staff.invitation.cancel. 404 when the brand has no open invitation of that address.
 */
export async function cancelInvitation(scope: ConsoleScope, email: string, now = new Date()): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const open = and(eq(staffTokens.clientId, scope.clientId), eq(staffTokens.kind, 'invitation'), eq(staffTokens.email, email), isNull(staffTokens.usedAt), gt(staffTokens.expiresAt, now));
    const ended = await tx.update(staffTokens).set({ usedAt: now }).where(open).returning({ role: staffTokens.role });
    if (!ended.length) throw new ApiError('not_found', `No open invitation of ${email} to this brand`, undefined, 'email');
    await recordAudit(tx, scope, { action: 'staff.invitation.cancel', target: email, before: { role: ended[0]!.role } });
  });
}
