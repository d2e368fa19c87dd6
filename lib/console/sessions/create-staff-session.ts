import 'server-only';
import { getDb } from '@/lib/db/client';
import { staffSessions } from '@/lib/db/schema';
import { env } from '@/lib/edge/env';
import { randomId } from '@/lib/ids';

export async function createStaffSession(staffId: string, meta: { address?: string; userAgent?: string }, now = new Date()): Promise<string> {
  const db = await getDb();
  const id = randomId('sts', 32);
  await db.insert(staffSessions).values({
    id,
    staffId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + env().CONSOLE_SESSION_HOURS * 3_600_000),
    address: meta.address?.slice(0, 64) ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return id;
}
