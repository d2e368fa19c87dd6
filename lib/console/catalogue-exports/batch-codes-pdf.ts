import 'server-only';
import { PassThrough } from 'node:stream';
import { requireBatchById } from '../catalogue';
import type { ConsoleScope } from '../scope';
import { printableCodes } from './printable-codes';
import { recordCodesExport } from './record-codes-export';
import { renderCodesPdf } from './render-codes-pdf';
import { assertPrints } from './shared';

export async function batchCodesPdf(scope: ConsoleScope, batchId: string, levels?: readonly number[]): Promise<{ fileName: string; pdf: Buffer }> {
  assertPrints(scope);
  const batch = await requireBatchById(scope, batchId);
  const rows = await printableCodes(scope, batch.batchNumber, levels);
  await recordCodesExport(scope, { batch: batch.batchNumber, format: 'pdf', ...(levels ? { levels } : {}), codes: rows.length });
  const sink = new PassThrough();
  const parts: Buffer[] = [];
  sink.on('data', (b: Buffer) => parts.push(b));
  const ended = new Promise<void>((resolve, reject) => void sink.on('end', resolve).on('error', reject));
  renderCodesPdf(rows, batch.batchNumber, sink);
  await ended;
  return { fileName: `codes-${batch.batchNumber.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`, pdf: Buffer.concat(parts) };
}
