// A brand's own decision that a unit is suspect (docs/verification.md, "The brand's decision";
// issue 27): staff who may act on red flags mark a unit from its code's page with a reason, and
// clear the mark later with another. A mark in force makes the unit suspect for everyone's checks
// but its claimant's (lib/domain/risk.ts, brandMarked), and is corroborated suspicion: it opens the
// unit's red flag (or joins the one open), so rewards are held and, with autoBlacklist, the codes
// blacklisted, as any corroborated suspicion does. Clearing it returns the unit to what its checks
// alone say: a flag the mark alone opened is dismissed (its blacklisting lifted), a flag the
// checks' evidence also stands on stays open without the mark. Each change audited in its transaction.

export { clearUnitSuspect } from './clear-unit-suspect';
export { markUnitSuspect } from './mark-unit-suspect';
export { suspectMarksOf } from './suspect-marks-of';
export { BRAND_RULE } from './shared';
