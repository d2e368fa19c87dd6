import 'server-only';
import { and, count, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { codes } from '@/lib/db/schema';
import type { ConsoleScope } from '../scope';

/** How many codes a batch of this brand holds. */
export async function batchCodeCount(scope: ConsoleScope, batchId: string): Promise<number> {
  const db = await getDb();
  const [n] = await db.select({ n: count() }).from(codes).where(and(eq(codes.clientId, scope.clientId), eq(codes.batchId, batchId)));
  return Number(n?.n ?? 0);
}
