import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { batches, codeRuns } from '@/lib/db/schema';
import type { CodeRun } from '@/lib/schemas/console-catalogue';
import type { ConsoleScope } from '../scope';
import { runOut } from './shared';

/** The runs of a batch (or of every batch), newest first. */
export async function listCodeRuns(scope: ConsoleScope, filter: { batchId?: string } = {}, limit = 50): Promise<CodeRun[]> {
  const db = await getDb();
  const rows = await db
    .select({ run: codeRuns, batchNumber: batches.batchNumber })
    .from(codeRuns)
    .innerJoin(batches, and(eq(batches.id, codeRuns.batchId), eq(batches.clientId, scope.clientId)))
    .where(and(eq(codeRuns.clientId, scope.clientId), filter.batchId ? eq(codeRuns.batchId, filter.batchId) : undefined))
    .orderBy(desc(codeRuns.createdAt), desc(sql`${codeRuns.id}`))
    .limit(limit);
  return rows.map((r) => runOut(r.run, r.batchNumber));
}
