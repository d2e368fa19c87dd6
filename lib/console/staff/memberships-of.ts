import 'server-only';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { clients, staffMemberships } from '@/lib/db/schema';
import { isStaffRole, type StaffRole } from '@/lib/domain/staff-roles';

export type Membership = { clientId: string; slug: string; name: string; organizationType: 'Manufacturer' | 'Retailer'; role: StaffRole };

const orgType = (t: string): Membership['organizationType'] => (t === 'Retailer' ? 'Retailer' : 'Manufacturer');

/** The brands a staff member belongs to and is not disabled at, with the role at each, by brand name. */
export async function membershipsOf(staffId: string): Promise<Membership[]> {
  const db = await getDb();
  const rows = await db
    .select({ clientId: clients.id, slug: clients.slug, name: clients.organizationName, organizationType: clients.organizationType, role: staffMemberships.role })
    .from(staffMemberships)
    .innerJoin(clients, eq(clients.id, staffMemberships.clientId))
    .where(and(eq(staffMemberships.staffId, staffId), isNull(staffMemberships.disabledAt)))
    .orderBy(asc(clients.organizationName));
  return rows.filter((r) => isStaffRole(r.role)).map((r) => ({ ...r, organizationType: orgType(r.organizationType), role: r.role as StaffRole }));
}
