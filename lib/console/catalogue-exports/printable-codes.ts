import 'server-only';
import { ApiError } from '@/lib/errors';
import { listPrintedCodes } from '../codes';
import type { ConsoleScope } from '../scope';
import { MAX_EXPORT, brandConfigAt } from './shared';

/**
 * The printable codes of a batch (not deleted, of the chosen levels); at most MAX_EXPORT. The
 * limit counts the codes that would be printed, so the units of a batch with cases and pallets
 * print even when the whole batch holds more.
 */
export async function printableCodes(scope: ConsoleScope, batch: string, levels?: readonly number[]) {
  const rows = await listPrintedCodes(scope, { batch, limit: MAX_EXPORT + 1 }, { live: true, ...(levels ? { levels } : {}) });
  if (rows.length > MAX_EXPORT) throw new ApiError('unprocessable', `A print-ready PDF holds at most ${MAX_EXPORT} codes; these levels of this batch have more: choose fewer levels or use the CSV`);
  if (!rows.length) throw new ApiError('not_found', 'No codes to print in this batch');
  // A brand printing GS1 links (gs1.printedLinks 'gs1') encodes each unit's GS1 URI in its visible
  // code, with the human-readable line under it; every other code keeps its qrId link.
  const gs1 = (await brandConfigAt(scope.clientId)).gs1;
  const printGs1 = gs1.enabled && gs1.printedLinks === 'gs1';
  return rows.map((r) => (printGs1 && r.gs1Url ? { ...r, url: r.gs1Url } : { ...r, gs1Line: '' }));
}
