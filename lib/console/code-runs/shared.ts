import 'server-only';
import { randomBytes } from 'node:crypto';
import { batches, codeRuns, codes, type CodeRunOptions } from '@/lib/db/schema';
import { AUTH_CODE_ALPHABET, AUTH_CODE_LENGTH } from '@/lib/domain/auth-code';
import { BASE62, QR_ID_LENGTH } from '@/lib/domain/qr-id';
import type { CodeLevel } from '@/lib/domain/verdict';
import { randomId } from '@/lib/ids';
import type { CodeRun } from '@/lib/schemas/console-catalogue';

export type NewCode = typeof codes.$inferInsert;

export type BatchRow = typeof batches.$inferSelect;

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

export function shape(opts: CodeRunOptions) {
  const caseCount = !opts.batchLevel && opts.caseSize ? Math.ceil(opts.count / opts.caseSize) : 0;
  const palletCount = opts.palletSize ? Math.ceil(caseCount / opts.palletSize) : 0;
  const total = opts.batchLevel ? opts.count : opts.count * 2 + caseCount + palletCount;
  return { caseCount, palletCount, total };
}

/** The code rows of a run, in the order they are written: pallets, cases, then units (or batch-level codes). */
export function* planCodes(batch: BatchRow, opts: CodeRunOptions): Generator<NewCode> {
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

export function summaryOf(batch: BatchRow, opts: CodeRunOptions): CodeSummary {
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

export const INSERT_ROWS = 500;

export type RunRow = typeof codeRuns.$inferSelect;

/** A run that has not moved for this long and is not running in this process was stopped (a restart). */
const STALLED_MS = 10 * 60 * 1000;

export const running = new Map<string, Promise<void>>();

export function runOut(row: RunRow, batchNumber: string): CodeRun {
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
