import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { codeRuns, codes, type CodeRunOptions } from '@/lib/db/schema';
import { randomId } from '@/lib/ids';
import type { CodeRun, GenerateCodesInput } from '@/lib/schemas/console-catalogue';
import { recordAudit } from '../audit';
import { requireBatchById } from '../catalogue';
import type { ConsoleScope } from '../scope';
import { shape, summaryOf, running, runOut, type BatchRow, type RunRow, type NewCode, INSERT_ROWS, planCodes } from './shared';
import { stopping } from './stop-code-runs';

class RunStopped extends Error {}

const actorName = (scope: ConsoleScope) => (scope.actor.kind === 'staff' ? scope.actor.email : 'command line');

/** Rows per chunk of a background run: each chunk is one transaction and one step of progress. */
export const RUN_CHUNK_ROWS = 2000;

export type RunHooks = {
  /** Called after each chunk is committed (tests observe progress through it, without timing). */
  afterChunk?: () => Promise<void>;
};

/**
 * Starts a background generation for a batch: the run row (and the audit entry of the request)
 * is written at once and answered; the codes follow in chunks.
 */
export async function startCodeRun(scope: ConsoleScope, batchId: string, input: GenerateCodesInput, hooks: RunHooks = {}): Promise<CodeRun> {
  const batch = await requireBatchById(scope, batchId);
  const opts: CodeRunOptions = {
    count: input.count,
    batchLevel: input.batchLevel,
    ...(input.caseSize ? { caseSize: input.caseSize } : {}),
    ...(input.palletSize ? { palletSize: input.palletSize } : {}),
  };
  const { total } = shape(opts);
  const id = randomId('run', 16);
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const [created] = await tx.insert(codeRuns).values({ id, clientId: scope.clientId, batchId: batch.id, options: opts, total, actor: actorName(scope) }).returning();
    await recordAudit(tx, scope, { action: 'codes.generate.start', target: batch.batchNumber, after: { run: id, ...summaryOf(batch, opts) } });
    return created!;
  });
  const job = executeRun(scope, batch, row, hooks).finally(() => running.delete(id));
  running.set(id, job);
  return runOut(row, batch.batchNumber);
}

async function executeRun(scope: ConsoleScope, batch: BatchRow, run: RunRow, hooks: RunHooks) {
  const db = await getDb();
  const summary = summaryOf(batch, run.options);
  const where = and(eq(codeRuns.clientId, scope.clientId), eq(codeRuns.id, run.id));
  try {
    // Let the request that started the run answer first.
    await new Promise((resolve) => setImmediate(resolve));
    let chunk: NewCode[] = [];
    let written = 0;
    const flush = async (last: boolean) => {
      if (stopping) throw new RunStopped();
      const rows = chunk;
      chunk = [];
      await db.transaction(async (tx) => {
        for (let i = 0; i < rows.length; i += INSERT_ROWS) await tx.insert(codes).values(rows.slice(i, i + INSERT_ROWS));
        written += rows.length;
        await tx
          .update(codeRuns)
          .set({ done: written, status: last ? 'done' : 'running', updatedAt: new Date(), ...(last ? { finishedAt: new Date() } : {}) })
          .where(where);
        if (last) await recordAudit(tx, scope, { action: 'codes.generate', target: batch.batchNumber, after: { run: run.id, ...summary } });
      });
      await hooks.afterChunk?.();
      // Other requests are served between chunks.
      await new Promise((resolve) => setImmediate(resolve));
    };
    let left = run.total;
    for (const row of planCodes(batch, run.options)) {
      chunk.push(row);
      left--;
      if (chunk.length === RUN_CHUNK_ROWS || left === 0) await flush(left === 0);
    }
  } catch (err) {
    const stopped = err instanceof RunStopped;
    if (!stopped) console.error('[console] code generation failed', err);
    const error = stopped
      ? 'The server stopped before the run finished; the codes written so far are kept'
      : 'The run failed before it finished; the codes written so far are kept';
    await db
      .update(codeRuns)
      .set({ status: 'failed', error, updatedAt: new Date(), finishedAt: new Date() })
      .where(where)
      .catch(() => undefined);
  }
}
