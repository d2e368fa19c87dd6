import 'server-only';
import { and, count, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { claimDisputes } from '@/lib/db/schema';
import type { ConsoleScope } from '../scope';

/** Open disputes of the brand (the red flags page and the list say how many need a decision). */
export async function openDisputeCount(scope: ConsoleScope): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(claimDisputes).where(and(eq(claimDisputes.clientId, scope.clientId), eq(claimDisputes.status, 'open')));
  return Number(row?.n ?? 0);
}
