import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { codes } from '@/lib/db/schema';
import type { ConsoleScope } from '../scope';

/** A batch's units and their serials now, for its page: how many, the first and last (printed order), how many have their own. */
export async function batchSerialsSummary(scope: ConsoleScope, batchId: string): Promise<{ units: number; first: string; last: string; ownSerials: number }> {
  const db = await getDb();
  const units = await db
    .select({ qrId: codes.qrId, serial: codes.serial })
    .from(codes)
    .where(and(eq(codes.clientId, scope.clientId), eq(codes.batchId, batchId), eq(codes.level, 6), sql`${codes.pairId} is not null`))
    .orderBy(asc(codes.createdAt), asc(codes.pairId));
  const effective = (u: { qrId: string; serial: string | null } | undefined) => (u ? (u.serial ?? u.qrId) : '');
  return { units: units.length, first: effective(units[0]), last: effective(units.at(-1)), ownSerials: units.filter((u) => u.serial !== null).length };
}
