import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeDbClose, getDb } from '@/lib/db/client';
import { batches, codeRuns, codes, type CodeRunOptions } from '@/lib/db/schema';
import { AUTH_CODE_ALPHABET, AUTH_CODE_LENGTH } from '@/lib/domain/auth-code';
import { BASE62, QR_ID_LENGTH } from '@/lib/domain/qr-id';
import type { CodeLevel } from '@/lib/domain/verdict';
import { notFound } from '@/lib/errors';
import { randomId } from '@/lib/ids';
import type { CodeRun, GenerateCodesInput } from '@/lib/schemas/console-catalogue';
import { recordAudit } from './audit';
import { requireBatchById } from './catalogue';
import type { ConsoleScope } from './scope';

// Generating codes for a batch (the console's catalogue area and the command line's generate-codes
// call the same writer): units as overt+covert pairs with an auth code, or batch-level codes,
// optionally packed in cases and pallets. The console runs a generation as a background job (a
// code_runs row): the codes are written in chunks, each in its own transaction with the run's
// progress, yielding to other requests between chunks, so a page can poll the run and a reload
// finds it again. The command line writes its (smaller) run in one transaction.

type NewCode = typeof codes.$inferInsert;
type BatchRow = typeof batches.$inferSelect;

/** Uniform random string over an alphabet (rejection sampling: no modulo bias). */
function randomString(alphabet: string, length: number): string {
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      if (b < limit && out.length < length) out += alphabet[b % alphabet.length];
    }
  }
  return out;
}
export const newQrId = () => randomString(BASE62, QR_ID_LENGTH);
export const newAuthCode = () => randomString(AUTH_CODE_ALPHABET, AUTH_CODE_LENGTH);

export type CodeSummary = { batch: string; units: number; batchLevelCodes: number; cases: number; pallets: number; codes: number };

function shape(opts: CodeRunOptions) {
  const caseCount = !opts.batchLevel && opts.caseSize ? Math.ceil(opts.count / opts.caseSize) : 0;
  const palletCount = opts.palletSize ? Math.ceil(caseCount / opts.palletSize) : 0;
  const total = opts.batchLevel ? opts.count : opts.count * 2 + caseCount + palletCount;
  return { caseCount, palletCount, total };
}

/** The code rows of a run, in the order they are written: pallets, cases, then units (or batch-level codes). */
function* planCodes(batch: BatchRow, opts: CodeRunOptions): Generator<NewCode> {
  const base = { clientId: batch.clientId, productId: batch.productId, batchId: batch.id };
  const make = (level: CodeLevel, extra: Partial<NewCode> = {}): NewCode => ({ id: randomId('co', 16), qrId: newQrId(), level, ...base, ...extra });
  if (opts.batchLevel) {
    for (let i = 0; i < opts.count; i++) yield make(6, { isBatchLevel: true });
    return;
  }
  const { caseCount, palletCount } = shape(opts);
  const pallets: string[] = [];
  for (let p = 0; p < palletCount; p++) {
    const row = make(9);
    pallets.push(row.id);
    yield row;
  }
  const cases: string[] = [];
  for (let k = 0; k < caseCount; k++) {
    const row = make(8, { parentCodeId: opts.palletSize ? pallets[Math.floor(k / opts.palletSize)]! : null });
    cases.push(row.id);
    yield row;
  }
  for (let u = 0; u < opts.count; u++) {
    const pairId = randomId('un', 16);
    const parentCodeId = opts.caseSize ? cases[Math.floor(u / opts.caseSize)]! : null;
    yield make(6, { pairId, parentCodeId });
    yield make(7, { pairId, parentCodeId, authCode: newAuthCode() });
  }
}

function summaryOf(batch: BatchRow, opts: CodeRunOptions): CodeSummary {
  const { caseCount, palletCount, total } = shape(opts);
  return {
    batch: batch.batchNumber,
    units: opts.batchLevel ? 0 : opts.count,
    batchLevelCodes: opts.batchLevel ? opts.count : 0,
    cases: caseCount,
    pallets: palletCount,
    codes: total,
  };
}

const INSERT_ROWS = 500;

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

type RunRow = typeof codeRuns.$inferSelect;

/** A run that has not moved for this long and is not running in this process was stopped (a restart). */
const STALLED_MS = 10 * 60 * 1000;
const running = new Map<string, Promise<void>>();
/** Set while the database is closing: runs stop at their next chunk (their codes so far kept). */
let stopping = false;
class RunStopped extends Error {}

/** Stops this process's runs at their next chunk and waits for them (the database is closing). */
export async function stopCodeRuns(): Promise<void> {
  stopping = true;
  try {
    await codeRunsSettled();
  } finally {
    stopping = false;
  }
}
beforeDbClose(stopCodeRuns);

const actorName = (scope: ConsoleScope) => (scope.actor.kind === 'staff' ? scope.actor.email : 'command line');

function runOut(row: RunRow, batchNumber: string): CodeRun {
  const stalled = (row.status === 'queued' || row.status === 'running') && !running.has(row.id) && Date.now() - row.updatedAt.getTime() > STALLED_MS;
  return {
    id: row.id,
    batchId: row.batchId,
    batchNumber,
    status: stalled ? 'failed' : row.status,
    total: row.total,
    done: row.done,
    count: row.options.count,
    batchLevel: row.options.batchLevel,
    error: stalled ? 'The run stopped before it finished (the server restarted); the codes written so far are kept' : row.error,
    actor: row.actor,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

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

/** Waits for the runs this process is writing (tests, and an orderly shutdown). */
export async function codeRunsSettled(): Promise<void> {
  while (running.size) await Promise.allSettled([...running.values()]);
}

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

