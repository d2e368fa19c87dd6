import 'server-only';
import { getDb } from '@/lib/db/client';
import { codes, type CodeRunOptions } from '@/lib/db/schema';
import { notFound } from '@/lib/errors';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import { type BatchRow, type CodeSummary, summaryOf, type NewCode, planCodes, INSERT_ROWS } from './shared';

/** Generates a run at once, in one transaction (the command line's generate-codes). */
export async function generateCodesNow(scope: ConsoleScope, batch: BatchRow, opts: CodeRunOptions): Promise<CodeSummary> {
  if (batch.clientId !== scope.clientId) throw notFound('Batch');
  const summary = summaryOf(batch, opts);
  const db = await getDb();
  await db.transaction(async (tx) => {
    let chunk: NewCode[] = [];
    for (const row of planCodes(batch, opts)) {
      chunk.push(row);
      if (chunk.length === INSERT_ROWS) {
        await tx.insert(codes).values(chunk);
        chunk = [];
      }
    }
    if (chunk.length) await tx.insert(codes).values(chunk);
    await recordAudit(tx, scope, { action: 'codes.generate', target: batch.batchNumber, after: summary });
  });
  return summary;
}
