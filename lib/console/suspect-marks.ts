import 'server-only';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db/client';
import { clients, codes, redFlags, unitSuspectMarks } from '@/lib/db/schema';
import { roleMay } from '@/lib/domain/staff-roles';
import { isWellFormedQrId } from '@/lib/domain/qr-id';
import { ApiError, fieldError } from '@/lib/errors';
import { randomId } from '@/lib/ids';
import { storedClientConfigSchema } from '@/lib/schemas/client-config';
import { suspectMarkSchema, type SuspectMark, type SuspectMarkAction } from '@/lib/schemas/console-suspect-marks';
import { recordAudit } from './audit';
import { closeIn } from './red-flags';
import type { ConsoleScope } from './scope';

// A brand's own decision that a unit is suspect (docs/verification.md, "The brand's decision";
// issue 27): staff who may act on red flags mark a unit from its code's page with a reason, and
// clear the mark later with another. A mark in force makes the unit suspect for everyone's checks
// but its claimant's (lib/domain/risk.ts, brandMarked), and is corroborated suspicion: it opens the
// unit's red flag (or joins the one open), so rewards are held and, with autoBlacklist, the codes
// blacklisted, as any corroborated suspicion does. Clearing it returns the unit to what its checks
// alone say: a flag the mark alone opened is dismissed (its blacklisting lifted), a flag the
// checks' evidence also stands on stays open without the mark. Each change audited in its transaction.

/** The rule a brand's mark gives the red flag it opens or joins. */
export const BRAND_RULE = 'brand';

function mayMark(scope: ConsoleScope) {
  if (scope.actor.kind === 'cli' || roleMay(scope.actor.role, 'redFlags', 'write')) return;
  throw new ApiError('forbidden', 'Your role may not mark units suspect: only those who act on red flags (owner, manager, support) may.');
}

const who = (scope: ConsoleScope) => (scope.actor.kind === 'staff' ? scope.actor.email : 'command line');

/** The unit of a code of the brand, locked: 422 a malformed id or a code that is not a pack's, 404 another brand's or an unknown one. */
async function unitOf(tx: Db, clientId: string, qrId: string) {
  if (!isWellFormedQrId(qrId)) throw fieldError('unprocessable', 'qrId', 'must be a code id: 1 to 64 letters and digits');
  const [code] = await tx.select().from(codes).where(and(eq(codes.clientId, clientId), eq(codes.qrId, qrId))).for('update');
  if (!code) throw new ApiError('not_found', `No code ${qrId}`);
  if (!code.pairId || code.isBatchLevel) throw fieldError('unprocessable', 'qrId', "is not a pack's code: only a unit's visible or hidden code can be marked suspect");
  return { code, unitKey: code.pairId };
}

const viewOf = (m: typeof unitSuspectMarks.$inferSelect): SuspectMark =>
  suspectMarkSchema.parse({
    id: m.id,
    reason: m.reason,
    markedBy: m.markedBy,
    markedAt: m.markedAt.toISOString(),
    clearReason: m.clearReason ?? '',
    clearedBy: m.clearedBy ?? '',
    clearedAt: m.clearedAt?.toISOString() ?? '',
  });

const openMark = (clientId: string, unitKey: string) =>
  and(eq(unitSuspectMarks.clientId, clientId), eq(unitSuspectMarks.unitKey, unitKey), isNull(unitSuspectMarks.clearedAt));
const openFlag = (clientId: string, unitKey: string) => and(eq(redFlags.clientId, clientId), eq(redFlags.unitKey, unitKey), eq(redFlags.status, 'open'));

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

/** The unit's marks, oldest first (the code page's timeline): every mark and its clearing. */
export async function suspectMarksOf(db: Pick<Db, 'select'>, clientId: string, unitKey: string): Promise<SuspectMark[]> {
  const rows = await db
    .select()
    .from(unitSuspectMarks)
    .where(and(eq(unitSuspectMarks.clientId, clientId), eq(unitSuspectMarks.unitKey, unitKey)))
    .orderBy(asc(unitSuspectMarks.markedAt), asc(unitSuspectMarks.id));
  return rows.map(viewOf);
}
