import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { unitSuspectMarks } from '@/lib/db/schema';
import type { SuspectMark } from '@/lib/schemas/console-suspect-marks';
import { viewOf } from './shared';

/** The unit's marks, oldest first (the code page's timeline): every mark and its clearing. */
export async function suspectMarksOf(db: Pick<Db, 'select'>, clientId: string, unitKey: string): Promise<SuspectMark[]> {
  const rows = await db
    .select()
    .from(unitSuspectMarks)
    .where(and(eq(unitSuspectMarks.clientId, clientId), eq(unitSuspectMarks.unitKey, unitKey)))
    .orderBy(asc(unitSuspectMarks.markedAt), asc(unitSuspectMarks.id));
  return rows.map(viewOf);
}
