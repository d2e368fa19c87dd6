import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { clients, staff, staffMemberships, staffTokens } from '@/lib/db/schema';
import { ApiError, fieldError } from '@/lib/errors';
import { sendMessage } from '@/lib/messaging';
import type { StaffRole } from '@/lib/domain/staff-roles';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import { normalEmail, newToken, hashToken } from './shared';

export const INVITATION_TTL_MS = 7 * 24 * 3_600_000;

export type Invitation = { email: string; role: StaffRole; link: string; expiresAt: Date };

/**
 * Invites an e-mail address to a brand's staff with a role: a new token (earlier unused
 * invitations of that address to that brand stop working), the e-mail with its link, and the
 * audit entry. Someone already on the brand's staff is refused (change their role instead).
 */
export async function inviteStaff(scope: ConsoleScope, args: { email: string; role: StaffRole }, consoleOrigin: string, now = new Date()): Promise<Invitation> {
  const email = normalEmail(args.email);
  const db = await getDb();
  const token = newToken();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const brandName = await db.transaction(async (tx) => {
    const [brand] = await tx.select({ name: clients.organizationName }).from(clients).where(eq(clients.id, scope.clientId));
    if (!brand) throw new ApiError('not_found', 'No such brand');
    const [member] = await tx
      .select({ role: staffMemberships.role })
      .from(staffMemberships)
      .innerJoin(staff, eq(staff.id, staffMemberships.staffId))
      .where(and(eq(staffMemberships.clientId, scope.clientId), eq(staff.email, email)));
    if (member) throw fieldError('conflict', 'email', `${email} is already on the staff of this brand (as ${member.role}); change their role instead`);
    await tx
      .update(staffTokens)
      .set({ usedAt: now })
      .where(and(eq(staffTokens.kind, 'invitation'), eq(staffTokens.email, email), eq(staffTokens.clientId, scope.clientId), isNull(staffTokens.usedAt)));
    await tx.insert(staffTokens).values({
      tokenHash: hashToken(token),
      kind: 'invitation',
      email,
      clientId: scope.clientId,
      role: args.role,
      invitedBy: scope.actor.kind === 'staff' ? scope.actor.staffId : null,
      createdAt: now,
      expiresAt,
    });
    await recordAudit(tx, scope, { action: 'staff.invite', target: email, after: { role: args.role, expiresAt: expiresAt.toISOString() } });
    return brand.name;
  });
  const link = `${consoleOrigin}/invitation/${token}`;
  await sendMessage({ channel: 'email', to: email, purpose: 'STAFF-INVITATION', code: '', link, clientId: scope.clientId, brandName });
  return { email, role: args.role, link, expiresAt };
}
