import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { staffMemberships } from '@/lib/db/schema';

/** Whether the account is disabled at every brand it belongs to (and belongs to one): it may not sign in. */
export async function disabledEverywhere(staffId: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db.select({ disabledAt: staffMemberships.disabledAt }).from(staffMemberships).where(eq(staffMemberships.staffId, staffId));
  return rows.length > 0 && rows.every((r) => r.disabledAt !== null);
}
