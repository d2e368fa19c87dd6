import { CATALOGUES } from '@/messages';
import { LOCALES, translator, type Locale } from '@/lib/shared/i18n';
import { formatsFor } from '@/lib/shared/formats';
import { RISK_REASON_CODES, RISK_REASON_KEYS, riskReasonKey, riskReasonText, riskReasonTexts, type RiskReasonCode } from '@/lib/shared/risk-words';
import { assessRisk, DEFAULT_RISK_SETTINGS, type RiskInput, type UnitSession } from '@/lib/domain/risk';

// The risk reasons beside a verdict by code (docs/languages.md): every code reads in every
// language, by the catalogue, and the English catalogue says what the API's English words say.

const english = translator(CATALOGUES.en);
const en = formatsFor('en');

/** Each code with the values it is sent with, in every variant of its words. */
const EXAMPLES: { code: RiskReasonCode; values?: Record<string, string | number> }[] = [
  { code: 'firstCheck' },
  { code: 'history', values: { date: '2026-03-12', count: 2, people: 2 } },
  { code: 'history', values: { date: '2026-03-12', count: 2, people: 1 } },
  { code: 'history', values: { date: '2026-03-12', count: 3, people: 2, place: 'Pune' } },
  { code: 'history', values: { date: '2026-03-12', count: 3, people: 1, place: 'Pune' } },
  { code: 'ownRescan' },
  { code: 'claimant' },
  { code: 'nothingUnusual' },
  { code: 'sessions', values: { people: 6 } },
  { code: 'places', values: { count: 3, km: 50, days: 30 } },
  { code: 'places', values: { count: 3, km: 50, days: 30, names: 'Pune, Delhi' } },
  { code: 'travel', values: { km: 1150, hours: 0 } },
  { code: 'travel', values: { km: 1150, hours: 3 } },
  { code: 'market', values: { countries: 'FR', markets: 'IN' } },
  { code: 'destination', values: { people: 3, countries: 'FR, DE', markets: 'IN' } },
  { code: 'sellBy', values: { date: '2026-09-05' } },
  { code: 'covert', values: { date: '2026-09-05' } },
  { code: 'hidden', values: { people: 4 } },
  { code: 'consumedLate', values: { places: 2, km: 50, days: 7, date: '2026-09-05' } },
  { code: 'consumedLate', values: { places: 2, km: 50, days: 1, date: '2026-09-05' } },
  { code: 'consumed', values: { people: 3, arrivals: 3 } },
  { code: 'consumed', values: { people: 3, arrivals: 2, km: 50 } },
  { code: 'untrustedPlace' },
  { code: 'implausiblePlace' },
  { code: 'brandMarked' },
];

describe('risk reasons by code', () => {
  it('has an example of every code and of every key a code can be said with', () => {
    expect(new Set(EXAMPLES.map((e) => e.code))).toEqual(new Set(RISK_REASON_CODES));
    expect(new Set(EXAMPLES.map((e) => riskReasonKey(e.code, e.values)))).toEqual(new Set(RISK_REASON_KEYS));
  });

  it.each(LOCALES)('says every code in %s, with its own words and every value filled in', (locale) => {
    const catalogue = CATALOGUES[locale as Locale] as Record<string, string>;
    for (const key of RISK_REASON_KEYS) expect(catalogue[key]?.trim()).toBeTruthy();
    const t = translator(catalogue);
    const f = formatsFor(locale as Locale);
    for (const example of EXAMPLES) {
      const said = riskReasonText(t, f.day, example);
      expect(said).not.toMatch(/[{}]/); // every {value} filled
      if (locale !== 'en') expect(said).not.toBe(riskReasonText(english, en.day, example));
      for (const [name, value] of Object.entries(example.values ?? {})) {
        if (name === 'hours' && value === 0) continue; // "within an hour"
        expect(said).toContain(name === 'date' ? f.day(String(value)) : String(value));
      }
    }
  });

  it("reads in English as the API's words, for every reason an assessment gives", () => {
    const day = Date.UTC(2026, 2, 12);
    const at = (h: number) => new Date(day + h * 3_600_000);
    const session = (key: string, h: number, place: { lat: number; lng: number } | null): UnitSession => ({
      net: key,
      key,
      deviceId: key,
      customerId: null,
      firstAt: at(h),
      lastAt: at(h),
      place: place && { ...place, at: at(h) },
      covertBeforeSaleAt: null,
    });
    const input = (over: Partial<RiskInput>): RiskInput => ({
      sessions: [],
      scan: { key: 'new', deviceId: 'new', customerId: null, at: at(10), place: null },
      firstVerifiedAt: null,
      verifiedCount: 0,
      claim: null,
      settings: DEFAULT_RISK_SETTINGS,
      witnessBound: 0,
      ...over,
    });
    const cases = [
      assessRisk(input({})),
      assessRisk(input({ sessions: [session('a', 0, null)], firstVerifiedAt: at(0), verifiedCount: 1 })),
      // Far apart within hours, with names: travel and places.
      assessRisk(
        input({
          sessions: [session('a', 0, { lat: 18.52, lng: 73.86 }), session('b', 1, { lat: 28.61, lng: 77.21 }), session('c', 2, { lat: 22.57, lng: 88.36 })],
          scan: { key: 'd', deviceId: 'd', customerId: null, at: at(2.5), place: { lat: 13.08, lng: 80.27 } },
          firstVerifiedAt: at(0),
          verifiedCount: 3,
          placeName: (p) => (p.lat > 28 ? 'Delhi' : p.lat > 20 ? 'Pune' : null),
          markets: ['FR'],
          countryOf: () => 'IN',
        }),
      ),
      // A claimed pack checked days later at two places far from its buyer's, and two people who
      // typed made-up hidden codes after checking it: consumedLate and hidden.
      assessRisk(
        input({
          sessions: [
            { ...session('buyer', 0, { lat: 18.52, lng: 73.86 }), customerId: 'cu_b' },
            session('x', 96, { lat: 28.61, lng: 77.21 }),
            { ...session('y', 120, null), falseHiddenAt: at(120) },
            { ...session('z', 132, null), falseHiddenAt: at(132) },
          ],
          scan: { key: 'w', deviceId: 'w', customerId: null, at: at(216), place: { lat: 22.57, lng: 88.36 } },
          claim: { customerId: 'cu_b', claimedAt: at(1) },
          firstVerifiedAt: at(0),
          verifiedCount: 4,
        }),
      ),
    ];
    const reasons = cases.flatMap((r) => r.reasons.map((text, i) => ({ text, code: r.reasonCodes[i]! })));
    expect([...new Set(reasons.map((r) => r.code.code))]).toEqual(expect.arrayContaining(['firstCheck', 'history', 'nothingUnusual', 'places', 'travel', 'market', 'consumedLate', 'hidden']));
    for (const { text, code } of reasons) expect(riskReasonText(english, en.day, code)).toBe(text);
    // The two the verify API adds (lib/api/verify/verify-code.ts), as it words them.
    expect(riskReasonText(english, en.day, { code: 'untrustedPlace' })).toBe('The location sent with this check was not used: it came from no device or signed-in account.');
    expect(riskReasonText(english, en.day, { code: 'implausiblePlace' })).toBe(
      'The location sent with this check was not used: it is not near a known town, or not in the country of the network it came from.',
    );
  });

  it('shows the English words as sent when an answer carries no codes, or codes that do not match them', () => {
    const t = translator(CATALOGUES.hi);
    const f = formatsFor('hi');
    expect(riskReasonTexts(t, f.day, { reasons: ['Old words.'] })).toEqual(['Old words.']);
    expect(riskReasonTexts(t, f.day, { reasons: ['Old words.'], reasonCodes: [] })).toEqual(['Old words.']);
    expect(riskReasonTexts(t, f.day, { reasons: ['Old words.'], reasonCodes: [{ code: 'moonPhase' }] })).toEqual(['Old words.']);
    expect(riskReasonTexts(t, f.day, { reasons: ['First check of this pack.'], reasonCodes: [{ code: 'firstCheck' }] })).toEqual([CATALOGUES.hi['risk.reason.firstCheck']]);
  });
});
