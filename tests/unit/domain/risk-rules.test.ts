import { assessRisk, DEFAULT_RISK_SETTINGS, sellByDate, type CurrentScan, type KnownPlace, type RiskSettings, type UnitSession } from '@/lib/domain/risk';

// The rules of the second part (docs/verification.md, "Rules"): after sell-by, covert scanned
// before any sale, codes never issued to this batch's destination, and address places (IP) that
// count for countries but never for places or travel. Tables of sessions → level and reason.

const PUNE: KnownPlace = { lat: 18.52, lng: 73.86 };
const DELHI: KnownPlace = { lat: 28.61, lng: 77.21 };
const KOLKATA: KnownPlace = { lat: 22.57, lng: 88.36 };
const DHAKA: KnownPlace = { lat: 23.81, lng: 90.41 };
const CHITTAGONG: KnownPlace = { lat: 22.36, lng: 91.78 };
const KHULNA: KnownPlace = { lat: 22.85, lng: 89.54 };
const ip = (p: KnownPlace): KnownPlace => ({ ...p, fromIp: true });
const T0 = new Date('2026-03-12T10:00:00Z');
const h = (hours: number) => new Date(T0.getTime() + hours * 3_600_000);
const countryOf = (p: { lat: number; lng: number }) => (p.lng > 88.9 || (p.lat > 23 && p.lng > 88.9) ? 'BD' : 'IN');

let n = 0;
function session(over: { at?: number; place?: KnownPlace; customerId?: string; covertAt?: number } = {}): UnitSession {
  n += 1;
  const at = h(over.at ?? 0);
  return {
    key: `dv_r${n}`,
    deviceId: `dv_r${n}`,
    customerId: over.customerId ?? null,
    firstAt: at,
    lastAt: at,
    place: over.place ? { ...over.place, at } : null,
    covertBeforeSaleAt: over.covertAt === undefined ? null : h(over.covertAt),
  };
}
const scan = (over: Partial<CurrentScan> & { hours?: number } = {}): CurrentScan => ({ key: 'dv_now', deviceId: 'dv_now', customerId: null, at: h(over.hours ?? 1), place: null, ...over });

type Extra = { claim?: { customerId: string; claimedAt: Date } | null; settings?: Partial<RiskSettings>; expiryDate?: string | null; markets?: string[] | null };
const run = (sessions: UnitSession[], current: CurrentScan, x: Extra = {}) =>
  assessRisk({
    sessions,
    scan: current,
    firstVerifiedAt: sessions.length ? T0 : null,
    verifiedCount: sessions.length,
    claim: x.claim ?? null,
    settings: { ...DEFAULT_RISK_SETTINGS, ...x.settings },
    witnessBound: 0,
    countryOf,
    markets: x.markets ?? null,
    expiryDate: x.expiryDate ?? null,
  });
const rulesOf = (r: ReturnType<typeof run>) => r.findings.map((f) => `${f.rule}:${f.level}`);

describe('sellByDate', () => {
  it.each([
    ['2026-03-31', 0, '2026-03-31'],
    ['2026-03-31', 30, '2026-03-01'],
    ['2026-01-10', 15, '2025-12-26'],
  ] as const)('%s less %d days is %s', (expiry, days, out) => expect(sellByDate(expiry, days)).toBe(out));
});

describe('after sell-by', () => {
  const SELL_BY_REASON = "Checked on sale after this batch's sell-by date (11 Mar 2026): it may be old stock with a new label, or a copy.";
  it.each([
    ['an unclaimed unit checked the day after its batch expired: caution', [session()], scan({ hours: 1 }), { expiryDate: '2026-03-11' }, ['sellBy:caution']],
    ['checked on its expiry date itself: nothing', [session()], scan({ hours: 1 }), { expiryDate: '2026-03-12' }, []],
    ['a batch without an expiry date: nothing', [session()], scan({ hours: 1 }), { expiryDate: null }, []],
    ['sell-by 30 days before expiry, checked 20 days before: caution', [session()], scan({ hours: 1 }), { expiryDate: '2026-04-01', settings: { sellByDays: 30 } }, ['sellBy:caution']],
    ['the brand makes it suspect', [session()], scan({ hours: 1 }), { expiryDate: '2026-03-11', settings: { afterSellBy: 'suspect' as const } }, ['sellBy:suspect']],
    ['the brand turns it off', [session()], scan({ hours: 1 }), { expiryDate: '2026-03-11', settings: { afterSellBy: 'off' as const } }, []],
    [
      'its buyer checking it after expiry: nothing (a bought pack is not on sale)',
      [session({ customerId: 'cu_buyer', at: -48 })],
      scan({ hours: 1, customerId: 'cu_buyer', key: 'c:cu_buyer', deviceId: null }),
      { expiryDate: '2026-03-11', claim: { customerId: 'cu_buyer', claimedAt: h(-47) } },
      [],
    ],
  ] as const)('%s', (_name, sessions, current, extra, rules) => {
    const risk = run([...sessions], current, extra as Extra);
    expect(rulesOf(risk)).toEqual(rules);
    if (rules.length && (extra as Extra).settings?.sellByDays === undefined) expect(risk.reasons).toContain(SELL_BY_REASON);
  });
  it('is judged on the checks before a rescan: the same person after expiry does not raise the level', () => {
    const me = session({ at: -48 });
    const risk = run([me], scan({ key: me.key, deviceId: me.deviceId, hours: 1 }), { expiryDate: '2026-03-11' });
    expect(risk).toMatchObject({ level: 'none', ownRescan: true });
  });
});

describe('covert scanned before any sale', () => {
  const REASON = 'Its hidden code was checked on 12 Mar 2026, before anyone bought it: the pack may have been opened in the shop, or its hidden code copied.';
  it.each([
    ['this scan looks at the hidden code of an unsold unit: caution', [session()], scan({ covertBeforeSale: true }), {}, ['covert:caution']],
    ['an earlier session did: caution for the next person too', [session({ covertAt: 0 })], scan({ hours: 2 }), {}, ['covert:caution']],
    ['an ordinary visible-code check: nothing', [session()], scan(), {}, []],
    ['a hidden code seen before the claim stays a finding after it', [session({ covertAt: 0 })], scan({ hours: 5 }), { claim: { customerId: 'cu_b', claimedAt: h(3) } }, ['covert:caution']],
    ['the brand makes it suspect', [session()], scan({ covertBeforeSale: true }), { settings: { covertBeforeSale: 'suspect' as const } }, ['covert:suspect']],
    ['the brand turns it off', [session({ covertAt: 0 })], scan({ covertBeforeSale: true }), { settings: { covertBeforeSale: 'off' as const } }, []],
  ] as const)('%s', (_name, sessions, current, extra, rules) => {
    const risk = run([...sessions], current, extra as Extra);
    expect(rulesOf(risk)).toEqual(rules);
    if (rules.length) expect(risk.reasons).toContain(REASON);
  });
  it('a suspect setting makes the unit newly suspect on that scan (a red flag is raised on this transition)', () => {
    const risk = run([session()], scan({ covertBeforeSale: true }), { settings: { covertBeforeSale: 'suspect' } });
    expect(risk).toMatchObject({ level: 'suspect', previousLevel: 'none' });
  });
});

describe('codes never issued to this batch\'s destination', () => {
  const REASON = 'Checked by 3 people, all in BD, and never in the countries this batch was issued to (IN): this code may have been copied onto packs made elsewhere.';
  it.each([
    ['three people, all abroad, never at home: suspect', [session({ place: DHAKA }), session({ place: DHAKA, at: 30 })], scan({ place: DHAKA, hours: 60 }), ['IN'], ['market:caution', 'destination:suspect']],
    ['two people abroad only: off-market caution, not yet the destination rule', [session({ place: DHAKA })], scan({ place: DHAKA, hours: 60 }), ['IN'], ['market:caution']],
    ['first seen at home, then abroad (a gift, a diversion): caution only', [session({ place: KOLKATA }), session({ place: DHAKA, at: 30 })], scan({ place: DHAKA, hours: 60 }), ['IN'], ['market:caution']],
    ['a batch with no destination set: nothing', [session({ place: DHAKA }), session({ place: DHAKA, at: 30 })], scan({ place: DHAKA, hours: 60 }), null, []],
    ['address places count for countries', [session({ place: ip(DHAKA) }), session({ place: ip(DHAKA), at: 30 })], scan({ place: ip(DHAKA), hours: 60 }), ['IN'], ['market:caution', 'destination:suspect']],
  ] as const)('%s', (_name, sessions, current, markets, rules) => {
    const risk = run([...sessions], current, { markets: markets ? [...markets] : null });
    expect(rulesOf(risk)).toEqual(rules);
    if (rules.includes('destination:suspect' as never)) expect(risk.reasons).toContain(REASON);
  });
  it('follows the brand: fewer people, a lower level, or off', () => {
    const two = [session({ place: DHAKA })];
    expect(rulesOf(run(two, scan({ place: DHAKA, hours: 60 }), { markets: ['IN'], settings: { destinationSessions: 2, neverIssuedHere: 'caution' } }))).toEqual(['market:caution', 'destination:caution']);
    const three = [session({ place: DHAKA }), session({ place: DHAKA, at: 30 })];
    expect(rulesOf(run(three, scan({ place: DHAKA, hours: 60 }), { markets: ['IN'], settings: { neverIssuedHere: 'off' } }))).toEqual(['market:caution']);
  });
});

describe('address places (IP) weigh less: a gateway city is never a place or a journey', () => {
  it.each([
    // Carrier gateways: a family in Pune whose phones come out in Delhi and Kolkata.
    ['three address places far apart: nothing', [session({ place: ip(DELHI) }), session({ place: ip(KOLKATA), at: 2 })], scan({ place: ip(PUNE), hours: 3 }), []],
    ['an address place far from a given one within an hour: no impossible travel', [session({ place: PUNE })], scan({ place: ip(DELHI), hours: 0.5 }), []],
    ['given places still catch a copy', [session({ place: PUNE })], scan({ place: DELHI, hours: 0.5 }), ['travel:suspect']],
    ['three given places: suspect', [session({ place: PUNE }), session({ place: DELHI, at: 24 })], scan({ place: KOLKATA, hours: 48 }), ['places:suspect']],
  ] as const)('%s', (_name, sessions, current, rules) => {
    expect(rulesOf(run([...sessions], current))).toEqual(rules);
  });
  it('never presents an address place as where the pack was first seen (it is the network gateway\'s)', () => {
    const risk = assessRisk({
      sessions: [session({ place: ip(PUNE) })],
      scan: scan({ hours: 2 }),
      firstVerifiedAt: T0,
      verifiedCount: 1,
      claim: null,
      settings: DEFAULT_RISK_SETTINGS, witnessBound: 0,
      placeName: (p) => (Math.abs(p.lat - PUNE.lat) < 0.5 ? 'Pune' : null),
    });
    expect(risk.reasons[0]).toBe('First verified on 12 Mar 2026. Verified 2 times since, by 2 different people.');
    expect(risk.level).toBe('none');
  });
  it('an address abroad still counts for the off-market rule', () => {
    const risk = run([session({ place: PUNE })], scan({ place: ip(CHITTAGONG), hours: 48 }), { markets: ['IN'] });
    expect(rulesOf(risk)).toEqual(['market:caution']);
    expect(rulesOf(run([session({ place: ip(KHULNA) })], scan({ place: PUNE, hours: 48 }), { markets: ['IN'] }))).toEqual(['market:caution']);
  });
});
