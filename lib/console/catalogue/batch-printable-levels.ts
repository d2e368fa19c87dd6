import 'server-only';
import { and, asc, count, eq, ne } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { codes } from '@/lib/db/schema';
import type { ConsoleScope } from '../scope';

/** How many printable (not deleted) codes a batch of this brand holds at each level (6 overt, 7 covert, 8 case, 9 pallet). */
export async function batchPrintableLevels(scope: ConsoleScope, batchId: string): Promise<{ level: number; codes: number }[]> {
  const db = await getDb();
  const rows = await db
    .select({ level: codes.level, n: count() })
    .from(codes)
    .where(and(eq(codes.clientId, scope.clientId), eq(codes.batchId, batchId), ne(codes.status, 'DELETED')))
    .groupBy(codes.level)
    .orderBy(asc(codes.level));
  return rows.map((r) => ({ level: r.level, codes: Number(r.n) }));
}
