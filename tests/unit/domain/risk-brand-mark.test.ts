import { assessRisk, BRAND_MARKED_REASON, CLAIMANT_REASON, DEFAULT_RISK_SETTINGS, redFlagEvidence, type CurrentScan, type Place, type UnitSession } from '@/lib/domain/risk';

// The brand's own decision (docs/verification.md, "The brand's decision"): a unit the brand marked
// suspect in its console is suspect for everyone's checks but its claimant's, who is told copies
// of its code circulate, never that their own pack may be one; cleared, the checks alone judge it.

const PUNE: Place = { lat: 18.52, lng: 73.86 };
const DELHI: Place = { lat: 28.61, lng: 77.21 };
const T0 = new Date('2026-03-12T10:00:00Z');
const h = (hours: number) => new Date(T0.getTime() + hours * 3_600_000);
const buyer: UnitSession = { key: 'c:cu_buyer', deviceId: null, customerId: 'cu_buyer', firstAt: T0, lastAt: T0, place: { ...PUNE, at: T0 }, net: 'net-home' };
const claim = { customerId: 'cu_buyer', claimedAt: h(1) };
const stranger: CurrentScan = { key: 'dv_stranger', deviceId: 'dv_stranger', customerId: null, at: h(30), place: DELHI, net: 'net-far' };
const claimant: CurrentScan = { key: 'c:cu_buyer', deviceId: null, customerId: 'cu_buyer', at: h(30), place: PUNE, net: 'net-home' };
const assess = (scan: CurrentScan, brandMarked: boolean | undefined, c: typeof claim | null = claim) =>
  assessRisk({ sessions: [buyer], scan, firstVerifiedAt: T0, verifiedCount: 1, claim: c, settings: DEFAULT_RISK_SETTINGS, brandMarked });

it('a genuine unit the checks find nothing wrong with is none for a stranger without a mark', () => {
  const risk = assess(stranger, undefined);
  expect([risk.level, risk.unitLevel, risk.evidenceLevel]).toEqual(['none', 'none', 'none']);
  expect(risk.reasons).not.toContain(BRAND_MARKED_REASON);
});

it('marked by the brand: suspect for a stranger, with the brand\'s decision as the reason (never the staff\'s own words)', () => {
  const risk = assess(stranger, true);
  expect(risk.level).toBe('suspect');
  expect(risk.unitLevel).toBe('suspect');
  expect(risk.reasons).toContain(BRAND_MARKED_REASON);
  expect(risk.reasonCodes).toContainEqual({ code: 'brandMarked' });
  // Nothing to ask: a place would change nothing the shopper is told.
  expect(risk.askLocation).toBe(false);
  // Unclaimed, too: suspect for whoever checks it.
  expect(assess(stranger, true, null).level).toBe('suspect');
});

it('marked by the brand: the claimant is told copies of its code circulate, never that their own pack may be a copy', () => {
  const risk = assess(claimant, true);
  expect(risk.unitLevel).toBe('suspect');
  expect(risk.level).toBe('caution');
  expect(risk.reasons).toContain(CLAIMANT_REASON);
  expect(risk.reasons).not.toContain(BRAND_MARKED_REASON);
  expect(risk.reasons.join(' ')).not.toMatch(/likely copied|may have been copied/);
});

it('a mark opens no flag from a scan: the console opens it; the checks\' own evidence still does', () => {
  const risk = assess(stranger, true);
  expect(risk.evidenceLevel).toBe('none');
  expect(redFlagEvidence(risk)).toBeNull();
});

it('cleared: the unit is back to what its checks alone say', () => {
  const marked = assess(stranger, true);
  const cleared = assess(stranger, false);
  expect(marked.level).toBe('suspect');
  expect(cleared.level).toBe('none');
  expect(cleared.reasons).not.toContain(BRAND_MARKED_REASON);
  expect(cleared).toEqual(assess(stranger, undefined));
});
