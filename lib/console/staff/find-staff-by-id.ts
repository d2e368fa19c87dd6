import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { staff } from '@/lib/db/schema';
import type { StaffAccount } from './shared';

export async function findStaffById(staffId: string): Promise<StaffAccount | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(staff).where(eq(staff.id, staffId));
  return row;
}
