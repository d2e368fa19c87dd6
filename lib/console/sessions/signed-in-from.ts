import 'server-only';
import { and, eq, gt } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { staff, staffSessions } from '@/lib/db/schema';

/** How long an address the account signed in from stays its own for the reset throttle. */
export const KNOWN_ADDRESS_DAYS = 30;

/** Whether the account with this e-mail has signed in from this address in the last KNOWN_ADDRESS_DAYS. */
export async function signedInFrom(email: string, address: string, now = new Date()): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: staffSessions.id })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(and(eq(staff.email, email), eq(staffSessions.address, address), gt(staffSessions.createdAt, new Date(now.getTime() - KNOWN_ADDRESS_DAYS * 86_400_000))))
    .limit(1);
  return !!row;
}
