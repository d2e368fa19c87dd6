import 'server-only';
import { PassThrough } from 'node:stream';
import { codesCsv, printableCodes, renderCodesPdf } from '@/lib/operator/catalog-export';
import { requireBatchById } from './catalogue';
import type { ConsoleScope } from './scope';

// Downloads of a batch's codes from the console: the same CSV and print-ready PDF as the command
// line's export-codes and export-pdf.

/** Rows a console CSV may hold: every code of the largest batch the console can make, and more. */
const MAX_CSV_ROWS = 500_000;

export async function batchCodesCsv(scope: ConsoleScope, batchId: string): Promise<{ fileName: string; csv: string }> {
  const batch = await requireBatchById(scope, batchId);
  const csv = await codesCsv(scope.slug, batch.batchNumber, MAX_CSV_ROWS);
  return { fileName: `codes-${batch.batchNumber.replace(/[^A-Za-z0-9._-]/g, '_')}.csv`, csv };
}

export async function batchCodesPdf(scope: ConsoleScope, batchId: string, levels?: readonly number[]): Promise<{ fileName: string; pdf: Buffer }> {
  const batch = await requireBatchById(scope, batchId);
  const rows = await printableCodes(scope.slug, batch.batchNumber, levels);
  const sink = new PassThrough();
  const parts: Buffer[] = [];
  sink.on('data', (b: Buffer) => parts.push(b));
  const ended = new Promise<void>((resolve, reject) => void sink.on('end', resolve).on('error', reject));
  renderCodesPdf(rows, batch.batchNumber, sink);
  await ended;
  return { fileName: `codes-${batch.batchNumber.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`, pdf: Buffer.concat(parts) };
}
