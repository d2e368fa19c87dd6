import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { clients } from '@/lib/db/schema';
import { isStaffRole, type StaffRole } from '@/lib/domain/staff-roles';
import { findStaffByEmail } from './find-staff-by-email';
import { usableToken } from './shared';

export type InvitationDetails = { email: string; brandName: string; role: StaffRole; hasAccount: boolean };

/** What the invitation screen shows, or undefined when the link is no good. */
export async function invitationDetails(token: string, now = new Date()): Promise<InvitationDetails | undefined> {
  const row = await usableToken('invitation', token, now);
  if (!row?.clientId || !isStaffRole(row.role)) return undefined;
  const db = await getDb();
  const [brand] = await db.select({ name: clients.organizationName }).from(clients).where(eq(clients.id, row.clientId));
  if (!brand) return undefined;
  const account = await findStaffByEmail(row.email);
  return { email: row.email, brandName: brand.name, role: row.role, hasAccount: !!account?.passwordHash };
}
