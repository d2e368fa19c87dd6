import 'server-only';
import { and, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { redFlags } from '@/lib/db/schema';
import type { RedFlagRow } from '@/lib/schemas/red-flags';
import { orderOf } from '../list-kit';
import { sortOf } from '@/lib/schemas/console-list';
import type { ConsoleScope } from '../scope';
import { type RedFlagFilter, filterSql, RED_FLAG_SORT_COLUMNS, selectFlags, flagRowOf } from './shared';

/** A page of red flags in the sort asked (newest first by default), and how many match. */
export async function listRedFlags(scope: ConsoleScope, args: RedFlagFilter & { limit: number; offset?: number }): Promise<{ redFlags: RedFlagRow[]; total: number }> {
  const db = await getDb();
  const where = await filterSql(scope.clientId, args);
  const { column, dir } = sortOf(args.sort ?? '-created');
  const col = RED_FLAG_SORT_COLUMNS[column];
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(redFlags).where(and(...where));
  const rows = await selectFlags(db, scope.clientId, where, col)
    .orderBy(orderOf(col, redFlags.id, dir))
    .limit(args.limit)
    .offset(args.offset ?? 0);
  return { total: Number(total), redFlags: rows.map(flagRowOf) };
}
