import 'server-only';
import { and, asc, desc, eq, gt, isNull, isNotNull, max } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { staff, staffMemberships, staffSessionBrands, staffSessions, staffTokens } from '@/lib/db/schema';
import { isStaffRole, type StaffRole } from '@/lib/domain/staff-roles';
import type { ConsoleScope } from '../scope';

export type StaffMemberView = {
  staffId: string;
  email: string;
  name: string;
  role: StaffRole;
  joinedAt: Date;
  lastSignInAt: Date | null;
  disabledAt: Date | null;
  /** Whether the account has an authenticator set up. */
  secondFactor: boolean;
};

export type PendingInvitationView = { email: string; role: StaffRole; invitedAt: Date; expiresAt: Date };

export async function listStaff(scope: ConsoleScope, now = new Date()): Promise<{ members: StaffMemberView[]; invitations: PendingInvitationView[] }> {
  const db = await getDb();
  const lastSignIn = db
    .select({ staffId: staffSessions.staffId, at: max(staffSessions.secondFactorAt).as('at') })
    .from(staffSessions)
    .innerJoin(staffSessionBrands, and(eq(staffSessionBrands.sessionId, staffSessions.id), eq(staffSessionBrands.clientId, scope.clientId)))
    .where(isNotNull(staffSessions.secondFactorAt))
    .groupBy(staffSessions.staffId)
    .as('last_sign_in');
  const rows = await db
    .select({
      staffId: staff.id,
      email: staff.email,
      name: staff.name,
      role: staffMemberships.role,
      joinedAt: staffMemberships.createdAt,
      lastSignInAt: lastSignIn.at,
      disabledAt: staffMemberships.disabledAt,
      totpEnabledAt: staff.totpEnabledAt,
    })
    .from(staffMemberships)
    .innerJoin(staff, eq(staff.id, staffMemberships.staffId))
    .leftJoin(lastSignIn, eq(lastSignIn.staffId, staff.id))
    .where(eq(staffMemberships.clientId, scope.clientId))
    .orderBy(asc(staff.email));
  const pending = await db
    .select({ email: staffTokens.email, role: staffTokens.role, invitedAt: staffTokens.createdAt, expiresAt: staffTokens.expiresAt })
    .from(staffTokens)
    .where(and(eq(staffTokens.clientId, scope.clientId), eq(staffTokens.kind, 'invitation'), isNull(staffTokens.usedAt), gt(staffTokens.expiresAt, now)))
    .orderBy(desc(staffTokens.createdAt));
  return {
    members: rows
      .filter((r) => isStaffRole(r.role))
      .map(({ totpEnabledAt, ...r }) => ({ ...r, role: r.role as StaffRole, lastSignInAt: r.lastSignInAt ? new Date(r.lastSignInAt) : null, secondFactor: totpEnabledAt !== null })),
    invitations: pending.filter((p) => isStaffRole(p.role)).map((p) => ({ ...p, role: p.role as StaffRole })),
  };
}
