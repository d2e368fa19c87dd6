import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { codes, redFlags, unitSuspectMarks } from '@/lib/db/schema';
import { roleMay } from '@/lib/domain/staff-roles';
import { isWellFormedQrId } from '@/lib/domain/qr-id';
import { ApiError, fieldError } from '@/lib/errors';
import { suspectMarkSchema, type SuspectMark } from '@/lib/schemas/console-suspect-marks';
import type { ConsoleScope } from '../scope';

/** The rule a brand's mark gives the red flag it opens or joins. */
export const BRAND_RULE = 'brand';

export function mayMark(scope: ConsoleScope) {
  if (scope.actor.kind === 'cli' || roleMay(scope.actor.role, 'redFlags', 'write')) return;
  throw new ApiError('forbidden', 'Your role may not mark units suspect: only those who act on red flags (owner, manager, support) may.');
}

export const who = (scope: ConsoleScope) => (scope.actor.kind === 'staff' ? scope.actor.email : 'command line');

/** The unit of a code of the brand, locked: 422 a malformed id or a code that is not a pack's, 404 another brand's or an unknown one. */
export async function unitOf(tx: Db, clientId: string, qrId: string) {
  if (!isWellFormedQrId(qrId)) throw fieldError('unprocessable', 'qrId', 'must be a code id: 1 to 64 letters and digits');
  const [code] = await tx.select().from(codes).where(and(eq(codes.clientId, clientId), eq(codes.qrId, qrId))).for('update');
  if (!code) throw new ApiError('not_found', `No code ${qrId}`);
  if (!code.pairId || code.isBatchLevel) throw fieldError('unprocessable', 'qrId', "is not a pack's code: only a unit's visible or hidden code can be marked suspect");
  return { code, unitKey: code.pairId };
}

export const viewOf = (m: typeof unitSuspectMarks.$inferSelect): SuspectMark =>
  suspectMarkSchema.parse({
    id: m.id,
    reason: m.reason,
    markedBy: m.markedBy,
    markedAt: m.markedAt.toISOString(),
    clearReason: m.clearReason ?? '',
    clearedBy: m.clearedBy ?? '',
    clearedAt: m.clearedAt?.toISOString() ?? '',
  });

export const openMark = (clientId: string, unitKey: string) =>
  and(eq(unitSuspectMarks.clientId, clientId), eq(unitSuspectMarks.unitKey, unitKey), isNull(unitSuspectMarks.clearedAt));

export const openFlag = (clientId: string, unitKey: string) => and(eq(redFlags.clientId, clientId), eq(redFlags.unitKey, unitKey), eq(redFlags.status, 'open'));
