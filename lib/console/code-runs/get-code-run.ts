import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { batches, codeRuns } from '@/lib/db/schema';
import { notFound } from '@/lib/errors';
import type { CodeRun } from '@/lib/schemas/console-catalogue';
import type { ConsoleScope } from '../scope';
import { runOut } from './shared';

export async function getCodeRun(scope: ConsoleScope, runId: string): Promise<CodeRun> {
  const db = await getDb();
  const [row] = await db
    .select({ run: codeRuns, batchNumber: batches.batchNumber })
    .from(codeRuns)
    .innerJoin(batches, and(eq(batches.id, codeRuns.batchId), eq(batches.clientId, scope.clientId)))
    .where(and(eq(codeRuns.clientId, scope.clientId), eq(codeRuns.id, runId)));
  if (!row) throw notFound('Run');
  return runOut(row.run, row.batchNumber);
}
