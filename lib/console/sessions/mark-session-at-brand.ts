import 'server-only';
import { getDb } from '@/lib/db/client';
import { staffSessionBrands } from '@/lib/db/schema';

/** Sessions and brands already recorded by this process (a bounded memo: one write per pair). */
const recorded = new Set<string>();

const RECORDED_MAX = 10_000;

/** Records that a session reached a brand (its membership guard passed). */
export async function markSessionAtBrand(sessionId: string, clientId: string, now = new Date()): Promise<void> {
  const pair = `${sessionId}|${clientId}`;
  if (recorded.has(pair)) return;
  const db = await getDb();
  await db.insert(staffSessionBrands).values({ sessionId, clientId, firstAt: now }).onConflictDoNothing();
  if (recorded.size >= RECORDED_MAX) recorded.clear();
  recorded.add(pair);
}
