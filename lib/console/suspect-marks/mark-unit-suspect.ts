import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db/client';
import { clients, codes, redFlags, unitSuspectMarks } from '@/lib/db/schema';
import { randomId } from '@/lib/ids';
import { storedClientConfigSchema } from '@/lib/schemas/client-config';
import type { SuspectMarkAction } from '@/lib/schemas/console-suspect-marks';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import { mayMark, unitOf, who, openMark, openFlag, viewOf, BRAND_RULE } from './shared';

/**
 * Marks the unit of `qrId` suspect with a reason. Marking a unit already marked changes nothing
 * and writes no entry (the mark in force is answered). Audited as code.suspect.mark.
 */
export async function markUnitSuspect(scope: ConsoleScope, args: { qrId: string; reason: string }): Promise<SuspectMarkAction> {
  mayMark(scope);
  const db = await getDb();
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const { clientId } = scope;
    const { code, unitKey } = await unitOf(tx, clientId, args.qrId);
    const [inserted] = await tx
      .insert(unitSuspectMarks)
      .values({ id: randomId('sm', 16), clientId, unitKey, codeId: code.id, reason: args.reason, markedBy: who(scope), markedAt: new Date() })
      .onConflictDoNothing()
      .returning();
    if (!inserted) {
      const [mark] = await tx.select().from(unitSuspectMarks).where(openMark(clientId, unitKey));
      const [flag] = await tx.select().from(redFlags).where(openFlag(clientId, unitKey));
      return { qrId: code.qrId, marked: true, changed: false, mark: mark ? viewOf(mark) : null, redFlag: flag ? { id: flag.id, status: flag.status, rules: flag.rules } : null };
    }
    // Corroborated suspicion: the brand's red flag, as a check that makes the unit suspect raises it.
    const [client] = await tx.select({ config: clients.config }).from(clients).where(eq(clients.id, clientId));
    const config = storedClientConfigSchema.parse(client?.config);
    let redFlag: SuspectMarkAction['redFlag'] = null;
    let blacklisted = false;
    if (config.flags.isRedFlaggingEnabled) {
      const flagReason = `Marked suspect by ${who(scope)} in the console: ${args.reason}`;
      const blacklist = config.verification.risk.autoBlacklist;
      const [opened] = await tx
        .insert(redFlags)
        .values({ id: randomId('rf', 16), clientId, unitKey, codeId: code.id, productId: code.productId, rules: [BRAND_RULE], reasons: [flagReason], blacklisted: blacklist })
        .onConflictDoNothing()
        .returning();
      if (opened) {
        if (blacklist) {
          await tx.update(codes).set({ listStatus: 'Blacklisted' }).where(and(eq(codes.clientId, clientId), eq(codes.pairId, unitKey)));
          blacklisted = true;
        }
        redFlag = { id: opened.id, status: opened.status, rules: opened.rules };
      } else {
        // The checks had opened one already: the brand's decision joins it.
        const [joined] = await tx
          .update(redFlags)
          .set({
            rules: sql`case when ${BRAND_RULE} = any(${redFlags.rules}) then ${redFlags.rules} else array_append(${redFlags.rules}, ${BRAND_RULE}) end`,
            reasons: sql`${redFlags.reasons} || ${JSON.stringify([flagReason])}::jsonb`,
          })
          .where(openFlag(clientId, unitKey))
          .returning();
        if (joined) redFlag = { id: joined.id, status: joined.status, rules: joined.rules };
      }
    }
    await recordAudit(tx, scope, {
      action: 'code.suspect.mark',
      target: code.qrId,
      before: { marked: false },
      after: { marked: true, reason: args.reason, unit: unitKey, redFlag: redFlag?.id ?? null, blacklisted },
    });
    return { qrId: code.qrId, marked: true, changed: true, mark: viewOf(inserted), redFlag };
  });
}
