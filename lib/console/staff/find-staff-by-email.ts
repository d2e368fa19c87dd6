import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { staff } from '@/lib/db/schema';
import { type StaffAccount, normalEmail } from './shared';

export async function findStaffByEmail(email: string): Promise<StaffAccount | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(staff).where(eq(staff.email, normalEmail(email)));
  return row;
}
