import 'server-only';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { staff, staffMemberships } from '@/lib/db/schema';
import { roleMay, isStaffRole } from '@/lib/domain/staff-roles';
import type { AssignableStaff } from '@/lib/schemas/console-complaints';
import type { ConsoleScope } from '../scope';

/** Staff of the brand who may take tickets (those who may change complaints), for the assign list. */
export async function assignableStaff(scope: ConsoleScope): Promise<AssignableStaff> {
  const db = await getDb();
  const rows = await db
    .select({ staffId: staff.id, name: staff.name, email: staff.email, role: staffMemberships.role })
    .from(staffMemberships)
    .innerJoin(staff, eq(staff.id, staffMemberships.staffId))
    .where(and(eq(staffMemberships.clientId, scope.clientId), isNull(staff.disabledAt), isNull(staffMemberships.disabledAt)))
    .orderBy(asc(staff.email));
  return rows.filter((r) => isStaffRole(r.role) && roleMay(r.role, 'complaints', 'write')).map(({ staffId, name, email }) => ({ staffId, name: name || email, email }));
}
