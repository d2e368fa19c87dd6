import 'server-only';
import { requireBatchById } from '../catalogue';
import type { ConsoleScope } from '../scope';
import { codesCsv } from './codes-csv';
import { recordCodesExport } from './record-codes-export';
import { assertPrints } from './shared';

/** Rows a console CSV may hold: every code of the largest batch the console can make, and more. */
const MAX_CSV_ROWS = 500_000;

export async function batchCodesCsv(scope: ConsoleScope, batchId: string): Promise<{ fileName: string; csv: string }> {
  assertPrints(scope);
  const batch = await requireBatchById(scope, batchId);
  const csv = await codesCsv(scope, batch.batchNumber, MAX_CSV_ROWS);
  await recordCodesExport(scope, { batch: batch.batchNumber, format: 'csv', codes: csv.split('\n').length - 2 });
  return { fileName: `codes-${batch.batchNumber.replace(/[^A-Za-z0-9._-]/g, '_')}.csv`, csv };
}
