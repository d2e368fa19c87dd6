import 'server-only';
import { PassThrough } from 'node:stream';
import { codesCsv, printableCodes, renderCodesPdf } from '@/lib/operator/catalog-export';
import { getDb } from '@/lib/db/client';
import { ApiError } from '@/lib/errors';
import { recordAudit } from './audit';
import { requireBatchById } from './catalogue';
import { seesCodeSecrets } from './codes';
import type { ConsoleScope } from './scope';

// Downloads of a batch's codes from the console: the same CSV and print-ready PDF as the command
// line's export-codes and export-pdf. They carry the hidden and authentication codes, so only the
// roles that print take them (PRINTING_ROLES, lib/domain/staff-roles.ts; the route's access says
// so too), and each is audited as codes.export with its scope (batch, format, levels, count).

/** Refuses a scope that does not print, and records the export of `codes` codes in the audit log. */
export async function recordCodesExport(scope: ConsoleScope, what: { batch: string; format: 'csv' | 'pdf'; levels?: readonly number[]; codes: number }) {
  const db = await getDb();
  await recordAudit(db, scope, { action: 'codes.export', target: what.batch, after: { format: what.format, levels: what.levels ? [...what.levels] : 'all', codes: what.codes } });
}

function assertPrints(scope: ConsoleScope) {
  if (!seesCodeSecrets(scope)) throw new ApiError('forbidden', 'Your role may not download codes: only the roles that print (owner, manager) may.');
}

/** Rows a console CSV may hold: every code of the largest batch the console can make, and more. */
const MAX_CSV_ROWS = 500_000;

export async function batchCodesCsv(scope: ConsoleScope, batchId: string): Promise<{ fileName: string; csv: string }> {
  assertPrints(scope);
  const batch = await requireBatchById(scope, batchId);
  const csv = await codesCsv(scope.slug, batch.batchNumber, MAX_CSV_ROWS);
  await recordCodesExport(scope, { batch: batch.batchNumber, format: 'csv', codes: csv.split('\n').length - 2 });
  return { fileName: `codes-${batch.batchNumber.replace(/[^A-Za-z0-9._-]/g, '_')}.csv`, csv };
}

export async function batchCodesPdf(scope: ConsoleScope, batchId: string, levels?: readonly number[]): Promise<{ fileName: string; pdf: Buffer }> {
  assertPrints(scope);
  const batch = await requireBatchById(scope, batchId);
  const rows = await printableCodes(scope.slug, batch.batchNumber, levels);
  await recordCodesExport(scope, { batch: batch.batchNumber, format: 'pdf', ...(levels ? { levels } : {}), codes: rows.length });
  const sink = new PassThrough();
  const parts: Buffer[] = [];
  sink.on('data', (b: Buffer) => parts.push(b));
  const ended = new Promise<void>((resolve, reject) => void sink.on('end', resolve).on('error', reject));
  renderCodesPdf(rows, batch.batchNumber, sink);
  await ended;
  return { fileName: `codes-${batch.batchNumber.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`, pdf: Buffer.concat(parts) };
}
