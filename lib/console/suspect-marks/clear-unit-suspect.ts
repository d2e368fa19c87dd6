import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db/client';
import { redFlags, unitSuspectMarks } from '@/lib/db/schema';
import type { SuspectMarkAction } from '@/lib/schemas/console-suspect-marks';
import { recordAudit } from '../audit';
import { closeIn } from '../red-flags';
import type { ConsoleScope } from '../scope';
import { mayMark, unitOf, who, openMark, openFlag, BRAND_RULE, viewOf } from './shared';

/**
 * Clears the brand's mark of the unit of `qrId` with a reason; a unit not marked changes nothing
 * and writes no entry. The red flag the mark alone opened is dismissed with the reason (lifting an
 * automatic blacklisting, releasing held rewards); one the checks' evidence stands on stays open
 * without the mark. Audited as code.suspect.clear (and redFlag.dismiss when a flag is dismissed).
 */
export async function clearUnitSuspect(scope: ConsoleScope, args: { qrId: string; reason: string }): Promise<SuspectMarkAction> {
  mayMark(scope);
  const db = await getDb();
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const { clientId } = scope;
    const { code, unitKey } = await unitOf(tx, clientId, args.qrId);
    const [cleared] = await tx
      .update(unitSuspectMarks)
      .set({ clearReason: args.reason, clearedBy: who(scope), clearedAt: new Date() })
      .where(openMark(clientId, unitKey))
      .returning();
    if (!cleared) return { qrId: code.qrId, marked: false, changed: false, mark: null, redFlag: null };
    let redFlag: SuspectMarkAction['redFlag'] = null;
    const [flag] = await tx.select().from(redFlags).where(openFlag(clientId, unitKey)).for('update');
    if (flag && flag.rules.includes(BRAND_RULE)) {
      const rest = flag.rules.filter((r) => r !== BRAND_RULE);
      if (rest.length === 0) {
        await closeIn(tx, scope, { id: flag.id, note: `The brand's mark was cleared: ${args.reason}` }, 'dismissed');
        redFlag = { id: flag.id, status: 'dismissed', rules: flag.rules };
      } else {
        await tx.update(redFlags).set({ rules: rest }).where(and(eq(redFlags.clientId, clientId), eq(redFlags.id, flag.id)));
        redFlag = { id: flag.id, status: flag.status, rules: rest };
      }
    }
    await recordAudit(tx, scope, {
      action: 'code.suspect.clear',
      target: code.qrId,
      before: { marked: true, reason: cleared.reason, markedBy: cleared.markedBy },
      after: { marked: false, reason: args.reason, unit: unitKey, redFlag: redFlag ? { id: redFlag.id, status: redFlag.status } : null },
    });
    return { qrId: code.qrId, marked: false, changed: true, mark: viewOf(cleared), redFlag };
  });
}
