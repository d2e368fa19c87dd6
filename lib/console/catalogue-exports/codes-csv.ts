import 'server-only';
import { listPrintedCodes } from '../codes';
import type { ConsoleScope } from '../scope';
import { MAX_EXPORT, brandConfigAt } from './shared';

const csvCell = (v: string | number) => {
  const s = String(v);
  // Quote when needed; a leading formula character is neutralised for spreadsheets.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

const CSV_COLUMNS = ['qrId', 'level', 'kind', 'state', 'batch', 'unit', 'authCode', 'parentQrId', 'url'] as const;

const CSV_COLUMNS_GS1 = [...CSV_COLUMNS, 'gs1Url', 'gs1Line'] as const;

/** A batch's codes as CSV, one row per code; the console's download allows more rows than the command line. */
export async function codesCsv(scope: ConsoleScope, batch: string, limit = MAX_EXPORT): Promise<string> {
  const rows = await listPrintedCodes(scope, { batch, limit });
  // A brand with GS1 on gets each unit's GS1 URI and its human-readable line after its qrId link;
  // the others keep the columns their printers' templates know.
  const gs1 = (await brandConfigAt(scope.clientId)).gs1.enabled;
  const header = gs1 ? CSV_COLUMNS_GS1 : CSV_COLUMNS;
  return [header.join(','), ...rows.map((r) => header.map((h) => csvCell(r[h])).join(','))].join('\n') + '\n';
}
