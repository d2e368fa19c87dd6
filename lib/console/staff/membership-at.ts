import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { clients, staffMemberships } from '@/lib/db/schema';
import { isStaffRole } from '@/lib/domain/staff-roles';

/**
 * A staff member's membership of the brand with this slug, with the brand's row; undefined when
 * none (or no such brand). `disabled` when an owner disabled them there: the guards refuse them.
 */
export async function membershipAt(staffId: string, slug: string) {
  const db = await getDb();
  const [row] = await db
    .select({ client: clients, role: staffMemberships.role, disabledAt: staffMemberships.disabledAt })
    .from(staffMemberships)
    .innerJoin(clients, eq(clients.id, staffMemberships.clientId))
    .where(and(eq(staffMemberships.staffId, staffId), eq(clients.slug, slug)));
  if (!row || !isStaffRole(row.role)) return undefined;
  return { client: row.client, role: row.role, disabled: row.disabledAt !== null };
}
