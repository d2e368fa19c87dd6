import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { codes, redFlags } from '@/lib/db/schema';
import type { RedFlagEvidence } from '@/lib/domain/risk';
import { randomId } from '@/lib/ids';
import type { StoredClientConfig } from '@/lib/schemas/client-config';

// A unit that has just become suspect (docs/verification.md, "Risk"): for a brand with
// isRedFlaggingEnabled, one open red flag per unit (the partial unique index keeps concurrent
// scans from raising two); with verification.risk.autoBlacklist, the unit's codes are blacklisted
// with it (the flag records it, and dismissing the flag lifts it). Runs only on that transition,
// never on an ordinary scan.

/** The unit and what makes it suspect (redFlagEvidence of a scan's assessment, or redFlagEvidenceOf the unit's findings). */
type Suspect = { clientId: string; unitKey: string; pairId: string | null; codeId: string; productId: string; evidence: RedFlagEvidence };

export async function raiseRedFlag(db: Db, config: StoredClientConfig, s: Suspect): Promise<string | null> {
  if (!config.flags.isRedFlaggingEnabled) return null;
  const blacklist = config.verification.risk.autoBlacklist;
  const { rules, reasons } = s.evidence;
  const id = randomId('rf', 16);
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const [inserted] = await tx
      .insert(redFlags)
      .values({ id, clientId: s.clientId, unitKey: s.unitKey, codeId: s.codeId, productId: s.productId, rules, reasons, blacklisted: blacklist })
      .onConflictDoNothing()
      .returning({ id: redFlags.id });
    const ruleArray = sql`array[${sql.join(rules.map((r) => sql`${r}`), sql`, `)}]::text[]`;
    if (!inserted) {
      // The unit already has an open flag (a brand's mark opened it, or another scan did): the
      // checks' evidence joins it, so clearing the mark later leaves the flag open on its evidence.
      await tx
        .update(redFlags)
        .set({
          rules: sql`array(select distinct r from unnest(${redFlags.rules} || ${ruleArray}) r order by r)`,
          reasons: sql`${redFlags.reasons} || ${JSON.stringify(reasons)}::jsonb`,
        })
        .where(and(eq(redFlags.clientId, s.clientId), eq(redFlags.unitKey, s.unitKey), eq(redFlags.status, 'open'), sql`not (${redFlags.rules} @> ${ruleArray})`));
      return null;
    }
    if (blacklist) {
      const unit = s.pairId ? and(eq(codes.clientId, s.clientId), eq(codes.pairId, s.pairId)) : and(eq(codes.clientId, s.clientId), eq(codes.id, s.codeId));
      await tx.update(codes).set({ listStatus: 'Blacklisted' }).where(unit);
    }
    return inserted.id;
  });
}

export const UNDER_REVIEW_MESSAGE = 'This product is being checked for copies; its cashback can be claimed once the check ends.';
/** A coupon of a unit under review: its code is not shown until the check ends. */
export const COUPON_UNDER_REVIEW_MESSAGE = 'This product is being checked for copies; your coupon code will be shown once the check ends.';

/** Whether a unit has an open red flag: its rewards' payouts are held until the brand closes it. */
export async function isUnitUnderReview(db: Db, clientId: string, unitKey: string): Promise<boolean> {
  const [row] = await db
    .select({ id: redFlags.id })
    .from(redFlags)
    .where(and(eq(redFlags.clientId, clientId), eq(redFlags.unitKey, unitKey), eq(redFlags.status, 'open')))
    .limit(1);
  return row !== undefined;
}
