import 'server-only';
import type { ConsoleScope } from '../scope';
import { requireCodeByQrId } from './require-code-by-qr-id';
import { unitTimeline } from './unit-timeline';

/** Every scan of a code's unit, oldest first: when, coarse where, session, result, risk (the code's page shows the same, at most CODE_PAGE_SCANS). */
export async function codeTimeline(scope: ConsoleScope, qrId: string, limit: number) {
  const code = await requireCodeByQrId(scope.clientId, qrId);
  return unitTimeline(scope.clientId, code.pairId ?? code.id, limit);
}
