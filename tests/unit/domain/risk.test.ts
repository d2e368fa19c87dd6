import { assessRisk, DEFAULT_RISK_SETTINGS, SHARED_PLACE_WINDOW_MS, distanceKm, groupSessions, type CurrentScan, type Place, type UnitSession } from '@/lib/domain/risk';
import { isDeviceId, newDeviceId, withDeviceCookie } from '@/lib/edge/device-id';
import { sql0023 } from '@/lib/db/migrations/0023_shared_place_replaces_address';

const PUNE: Place = { lat: 18.52, lng: 73.86 };
const MUMBAI: Place = { lat: 19.08, lng: 72.88 };
const DELHI: Place = { lat: 28.61, lng: 77.21 };
const KOLKATA: Place = { lat: 22.57, lng: 88.36 };
const CHENNAI: Place = { lat: 13.08, lng: 80.27 };
const T0 = new Date('2026-03-12T10:00:00Z');
const h = (hours: number) => new Date(T0.getTime() + hours * 3_600_000);

let n = 0;
function session(over: Omit<Partial<UnitSession>, 'place'> & { at?: number; place?: Place } = {}): UnitSession {
  n += 1;
  const at = h(over.at ?? 0);
  const { place, ...rest } = over;
  return { key: `dv_s${n}`, deviceId: `dv_s${n}`, customerId: null, firstAt: at, lastAt: at, ...rest, place: place ? { ...place, at } : null };
}
function scan(over: Partial<CurrentScan> & { hours?: number } = {}): CurrentScan {
  return { key: 'dv_now', deviceId: 'dv_now', customerId: null, at: h(over.hours ?? 1), place: null, ...over };
}
const assess = (sessions: UnitSession[], current: CurrentScan, claim: { customerId: string; claimedAt: Date } | null = null, settings = DEFAULT_RISK_SETTINGS) =>
  assessRisk({ sessions, scan: current, firstVerifiedAt: sessions.length ? T0 : null, verifiedCount: sessions.length, claim, settings, witnessBound: 0 });

describe('distanceKm', () => {
  it.each([
    [PUNE, MUMBAI, 115, 125],
    [PUNE, DELHI, 1160, 1190],
    [PUNE, PUNE, 0, 0],
  ])('%j to %j is between %d and %d km', (a, b, lo, hi) => {
    const d = distanceKm(a, b);
    expect(d).toBeGreaterThanOrEqual(lo);
    expect(d).toBeLessThanOrEqual(hi);
  });
});

describe('groupSessions', () => {
  it('joins sessions that share a device or a signed-in customer, and no others', () => {
    const a = session({ deviceId: 'dv_a', customerId: 'cu_1' });
    const b = session({ deviceId: 'dv_b', customerId: 'cu_1' }); // same customer, other phone
    const c = session({ deviceId: 'dv_b', customerId: null }); // that phone, signed out
    const d = session({ deviceId: 'dv_d', customerId: 'cu_2' });
    const groups = groupSessions([a, b, c, d]);
    expect(groups.map((g) => g.sessions.length).sort()).toEqual([1, 3]);
  });
});

describe('assessRisk: the level and its reasons', () => {
  type Row = [string, UnitSession[], CurrentScan, 'none' | 'caution' | 'suspect', RegExp | null];
  const table: Row[] = [
    ['a first check says so', [], scan({ place: PUNE }), 'none', /^First check of this pack\.$/],
    ['a family member on another phone in the same city', [session({ place: PUNE })], scan({ place: PUNE, hours: 5 }), 'none', /Nothing unusual/],
    ['a gift moved to another city days later', [session({ place: PUNE })], scan({ place: DELHI, hours: 72 }), 'none', /by 2 different people/],
    ['another person 1,170 km away within 2 hours: impossible travel', [session({ place: PUNE })], scan({ place: DELHI, hours: 2 }), 'suspect', /km apart within 2 hours by different people: this code may have been copied/],
    [
      'a third place more than 100 km apart within 30 days',
      [session({ place: PUNE }), session({ place: DELHI, at: 100 })],
      scan({ place: KOLKATA, hours: 300 }),
      'suspect',
      /Checked in 3 places more than 100 km apart within 30 days/,
    ],
    [
      'places older than the window do not count',
      [session({ place: PUNE }), session({ place: DELHI, at: 100 })],
      scan({ place: KOLKATA, hours: 24 * 45 }),
      'none',
      null,
    ],
    ['five people is still usual', [1, 2, 3, 4].map(() => session()), scan(), 'none', null],
    ['six people in two places: caution', [session({ place: PUNE }), ...[2, 3, 4, 5].map((at) => session({ at }))], scan({ place: MUMBAI, hours: 24 }), 'caution', /Checked by 6 different people: more than usual/],
    ['nine people in two places: only a caution (heads are never evidence of a copy)', [session({ place: PUNE }), ...[2, 3, 4, 5, 6, 7, 8].map((at) => session({ at }))], scan({ place: MUMBAI, hours: 24 }), 'caution', /Checked by 9 different people: more than usual/],
    // Count packs and places, not heads: a busy shelf is one pack in one place.
    ['nine shoppers at one shelf over twelve days: nothing unusual', [1, 2, 3, 4, 5, 6, 7, 8].map((k) => session({ at: k * 30, place: PUNE })), scan({ place: PUNE, hours: 280 }), 'none', /Nothing unusual/],
    ['nine people who gave no place: heads alone say nothing', [1, 2, 3, 4, 5, 6, 7, 8].map((at) => session({ at })), scan(), 'none', null],
    [
      'the same customer signed in on six phones is one person',
      [1, 2, 3, 4, 5, 6, 7, 8].map(() => session({ customerId: 'cu_me' })),
      scan({ customerId: 'cu_me' }),
      'none',
      /You have checked this pack before/,
    ],
    ['a location-less session never makes travel', [session()], scan({ place: DELHI, hours: 0.5 }), 'none', null],
  ];
  it.each(table)('%s', (_name, sessions, current, level, reason) => {
    const risk = assess(sessions, current);
    expect(risk.level).toBe(level);
    if (reason) expect(risk.reasons.join(' ')).toMatch(reason);
  });

  describe('already consumed: other people after the claim, counted by arrival (a registered pack stays with its buyer)', () => {
    const claim = { customerId: 'cu_buyer', claimedAt: h(1) };
    const buyer = session({ customerId: 'cu_buyer', at: 1 });
    const day = 24;
    it.each([
      ['its household at home: three phones within two days of the claim are one arrival', [session({ at: 2 }), session({ at: 30 })], scan({ hours: 45 }), 'none'],
      ['the household, then a gift and its new household days later: two arrivals, one late', [session({ at: 5 }), session({ at: 10 * day }), session({ at: 11 * day })], scan({ hours: 11.5 * day }), 'none'],
      ['new people days after the claim at two separate places far from where it was: suspect', [session({ at: 4 * day, place: DELHI })], scan({ hours: 9 * day, place: KOLKATA }), 'suspect'],
      ['an installer days after the claim and a technician weeks later, at home: none', [session({ at: 4 * day, place: PUNE })], scan({ hours: 30 * day, place: { lat: 18.55, lng: 73.9 } }), 'none'],
      ['new people at two separate times who gave no place say nothing of where the pack is', [session({ at: 4 * day })], scan({ hours: 9 * day }), 'none'],
      ['a housemate days later at home, then a gift in another city: one new place', [session({ at: 5 * day, place: PUNE })], scan({ hours: 20 * day, place: DELHI }), 'none'],
      ['two new people days later but within two days of each other: one arrival', [session({ at: 4 * day })], scan({ hours: 5.5 * day }), 'none'],
      ['one of the two within two days of the claim: one late arrival', [session({ at: 2 * day })], scan({ hours: 9 * day }), 'none'],
      ['the buyer on another phone days later counts for nothing', [session({ customerId: 'cu_buyer', deviceId: 'dv_trip', key: 'dv_trip', at: 4 * day })], scan({ hours: 9 * day }), 'none'],
      ['people before the claim (the shop, before buying) do not count', [session({ at: 0 }), session({ at: 0.5 })], scan({ hours: 9 * day }), 'none'],
      // A pack is in one home at a time: new people within two days of each other but in far-apart places are two arrivals.
      ['two new people days later within two days of each other, in places more than 100 km apart and from the buyer: suspect', [session({ at: 4 * day, place: CHENNAI })], scan({ hours: 5 * day, place: { ...DELHI, fromIp: false } }), 'suspect'],
      ['no place given before them: the first new place is taken as its home', [session({ at: 4 * day, place: CHENNAI })], scan({ hours: 9 * day, place: DELHI }), 'none'],
      ['a gift and its household within two days, in one city: one arrival', [session({ at: 10 * day, place: PUNE })], scan({ hours: 11 * day, place: { lat: 18.6, lng: 73.8 } }), 'none'],
      ['within two days, one gave no place: one arrival', [session({ at: 4 * day, place: PUNE })], scan({ hours: 5 * day }), 'none'],
      ['within two days, one placed only by an address far away: one arrival', [session({ at: 4 * day, place: PUNE })], scan({ hours: 5 * day, place: { ...DELHI, fromIp: true } }), 'none'],
      ['far apart, but the first within two days of the claim: one late arrival', [session({ at: 1 * day, place: PUNE })], scan({ hours: 2.5 * day, place: DELHI }), 'none'],
    ] as const)('%s', (_name, others, current, level) => {
      // The buyer checked it at home in Pune, except where no place was given before the new people.
      const home = _name.startsWith('no place given') ? buyer : { ...buyer, place: { ...PUNE, at: buyer.firstAt } };
      const risk = assess([home, ...others], current, claim);
      expect(risk.level).toBe(level);
      if (level === 'suspect') {
        expect(risk.findings).toContainEqual(expect.objectContaining({ rule: 'consumed', level: 'suspect' }));
        expect(risk.reasons).toContain(
          'Checked by new people at 2 places more than 100 km from where it was checked before, each more than 2 days after its buyer registered it on 12 Mar 2026: a registered pack stays with its buyer, so this code may have been copied.',
        );
      }
    });
    it('follows the brand: the level, the number of arrivals and the days', () => {
      const late = [{ ...buyer, place: { ...PUNE, at: buyer.firstAt } }, session({ at: 4 * day, place: DELHI })];
      const at = (settings: Partial<typeof DEFAULT_RISK_SETTINGS>) => assess(late, scan({ hours: 9 * day, place: KOLKATA }), claim, { ...DEFAULT_RISK_SETTINGS, suspectPlaces: 9, ...settings }).level;
      expect(at({ consumedLate: 'caution' })).toBe('caution');
      expect(at({ consumedLate: 'off' })).toBe('none');
      expect(at({ consumedLateArrivals: 3 })).toBe('none');
      expect(at({ consumedLateDays: 5 })).toBe('none');
    });
    // Places count for windowDays (30) before the check, in this rule as in every rule that reads
    // places (docs/verification.md, "Rules"): a pack known nowhere for that long takes the next
    // place given as its home, so a gift and a resale months apart are not two copies.
    describe('reads the places of the last windowDays, as every rule does', () => {
      const home = { ...buyer, place: { ...PUNE, at: buyer.firstAt } };
      const consumedOf = (r: ReturnType<typeof assess>) => r.findings.filter((f) => f.rule === 'consumed').map((f) => f.level);
      it('new people in two far cities days after the claim, the home known: suspect', () => {
        const r = assess([home, session({ at: 10 * day, place: DELHI })], scan({ hours: 15 * day, place: KOLKATA }), claim);
        expect(consumedOf(r)).toEqual(['suspect']);
      });
      it('the same two after a quiet month: the home place is forgotten, the first of them is taken as its home, one late arrival', () => {
        const r = assess([home, session({ at: 40 * day, place: DELHI })], scan({ hours: 45 * day, place: KOLKATA }), claim);
        expect(consumedOf(r)).toEqual([]);
        expect(r.level).toBe('none');
        // a third copy within the month: two late arrivals (and three places)
        const third = assess([home, session({ at: 40 * day, place: DELHI }), session({ at: 45 * day, place: KOLKATA })], scan({ hours: 50 * day, place: CHENNAI }), claim);
        expect(consumedOf(third)).toEqual(['suspect']);
      });
      it('a gift in another city, then a resale to a third city two months later, each with its household: none', () => {
        const gift = [session({ at: 10 * day, place: DELHI }), session({ at: 11 * day, place: DELHI })];
        const resale = session({ at: 70 * day, place: CHENNAI });
        const r = assess([home, ...gift, resale], scan({ hours: 71 * day, place: CHENNAI }), claim);
        expect(r.level).toBe('none');
        // had the gift been within the month, the resale would be the second late arrival
        expect(consumedOf(assess([home, ...gift, session({ at: 20 * day, place: CHENNAI })], scan({ hours: 21 * day, place: CHENNAI }), claim))).toEqual(['suspect']);
      });
    });
    it('three arrivals are a caution when the brand turns the late rule off', () => {
      const three = [buyer, session({ at: 2 }), session({ at: 4 * day })];
      const risk = assess(three, scan({ hours: 9 * day }), claim, { ...DEFAULT_RISK_SETTINGS, consumedLate: 'off' });
      expect(risk.level).toBe('caution');
      expect(risk.reasons).toContain('Checked by 3 other people at 3 separate times after its buyer registered it: this pack may have been refilled or copied.');
      expect(assess(three.slice(0, 2), scan({ hours: 9 * day }), claim, { ...DEFAULT_RISK_SETTINGS, consumedLate: 'off' }).level).toBe('none');
    });
  });
});

describe('assessRisk: a customer rescanning their own unit never raises the level', () => {
  const before = [session({ deviceId: 'dv_me', key: 'dv_me', customerId: 'cu_me', place: PUNE, at: 0 }), session({ place: PUNE, at: 1 })];
  it.each([
    ['the same phone, now in Delhi an hour later', scan({ deviceId: 'dv_me', key: 'dv_me', place: DELHI, hours: 2 })],
    ['signed in on another phone in Chennai', scan({ deviceId: 'dv_other', key: 'dv_other', customerId: 'cu_me', place: CHENNAI, hours: 2 })],
  ])('%s', (_name, current) => {
    const risk = assess(before, current);
    expect(risk).toMatchObject({ level: 'none', ownRescan: true, previousLevel: 'none' });
    expect(risk.reasons).toContain('You have checked this pack before.');
  });
  it('counts a person at the first place they checked it, whatever order their sessions come in', () => {
    // the buyer at home, then on a trip signed in on another phone (read first: most recent first)
    const trip = session({ deviceId: 'dv_trip', customerId: 'cu_buyer', place: DELHI, at: 80 });
    const home = session({ deviceId: 'dv_home', customerId: 'cu_buyer', place: PUNE, at: 0 });
    const family = session({ place: PUNE, at: 5 });
    // a gift recipient in Kolkata ten days later: home and Kolkata are two places, not three
    expect(assess([trip, home, family], scan({ place: KOLKATA, hours: 240 })).level).toBe('none');
  });
  it('judges travel from where and when a session was first seen, not its last scan', () => {
    const moved = { ...session({ place: PUNE, at: 0 }), lastAt: h(50) }; // its owner rescanned two days later
    expect(assess([moved], scan({ place: DELHI, hours: 0.5 })).level).toBe('suspect');
    expect(assess([moved], scan({ place: DELHI, hours: 49 })).level).toBe('none');
  });
  it('keeps a suspect unit suspect for its owner (it does not lower it either)', () => {
    const copied = [...before, session({ place: DELHI, at: 2 })];
    expect(assess(copied, scan({ deviceId: 'dv_me', key: 'dv_me', hours: 3 })).level).toBe('suspect');
  });
  it('the same person from another place is not a second place', () => {
    const mine = [session({ deviceId: 'dv_me', key: 'dv_me', place: PUNE }), session({ deviceId: 'dv_me2', customerId: 'cu_me', place: DELHI, at: 1 })];
    // cu_me links dv_me2 only; dv_me has no customer: the two are different people unless linked
    expect(assess(mine, scan({ hours: 100, place: CHENNAI })).level).toBe('suspect');
    const linked = [session({ deviceId: 'dv_me', key: 'dv_me', customerId: 'cu_me', place: PUNE }), session({ deviceId: 'dv_me2', customerId: 'cu_me', place: DELHI, at: 1 })];
    expect(assess(linked, scan({ hours: 100, place: PUNE })).level).toBe('none');
  });
});

describe('assessRisk: place names', () => {
  const names = new Map([[PUNE, 'Pune'], [DELHI, 'Delhi'], [KOLKATA, 'Kolkata']]);
  const placeName = (p: Place) => [...names].find(([q]) => q.lat === p.lat && q.lng === p.lng)?.[1] ?? null;
  it('says where the pack was first seen and names the places', () => {
    const risk = assessRisk({
      sessions: [session({ place: DELHI, at: 100 }), session({ place: PUNE, at: 0 })],
      scan: scan({ place: KOLKATA, hours: 300 }),
      firstVerifiedAt: T0,
      verifiedCount: 2,
      claim: null,
      settings: DEFAULT_RISK_SETTINGS, witnessBound: 0,
      placeName,
    });
    expect(risk.reasons).toEqual([
      'First verified on 12 Mar 2026 near Pune. Verified 3 times since, by 3 different people.',
      'Checked in 3 places more than 100 km apart within 30 days (Pune, Delhi, Kolkata): this code may have been copied.',
    ]);
  });
  it('leaves names out where none is known', () => {
    const risk = assessRisk({ sessions: [session({ place: { lat: 0, lng: -30 } })], scan: scan(), firstVerifiedAt: T0, verifiedCount: 1, claim: null, settings: DEFAULT_RISK_SETTINGS, witnessBound: 0, placeName });
    expect(risk.reasons[0]).toBe('First verified on 12 Mar 2026. Verified 2 times since, by 2 different people.');
  });
});

describe('assessRisk: off-market', () => {
  const PARIS: Place = { lat: 48.86, lng: 2.35 };
  const countryOf = (p: Place) => (p === PARIS || (p.lat === PARIS.lat && p.lng === PARIS.lng) ? 'FR' : p.lat === 0 ? null : 'IN');
  const run = (sessions: UnitSession[], current: CurrentScan, markets: string[] | null) =>
    assessRisk({ sessions, scan: current, firstVerifiedAt: T0, verifiedCount: sessions.length, claim: null, settings: DEFAULT_RISK_SETTINGS, witnessBound: 0, markets, countryOf });
  it.each([
    ['a batch sold in India checked in France: caution', [session({ place: PUNE })], scan({ place: PARIS, hours: 48 }), ['IN'], 'caution'],
    ['checked in India: none', [session({ place: PUNE })], scan({ place: DELHI, hours: 48 }), ['IN'], 'none'],
    ['a batch sold anywhere', [session({ place: PUNE })], scan({ place: PARIS, hours: 48 }), null, 'none'],
    ['a place with no known country', [session({ place: PUNE })], scan({ place: { lat: 0, lng: -30 }, hours: 48 }), ['IN'], 'none'],
  ] as const)('%s', (_n, sessions, current, markets, level) => {
    const risk = run([...sessions], current, markets ? [...markets] : null);
    expect(risk.level).toBe(level);
    if (level === 'caution') expect(risk.reasons).toContain('Checked in FR, outside the countries this batch is sold in (IN): it may have been diverted or copied.');
  });
  it('never raises the level of a rescan by someone already counted', () => {
    const me = session({ deviceId: 'dv_me', key: 'dv_me', place: PUNE });
    expect(run([me], scan({ deviceId: 'dv_me', key: 'dv_me', place: PARIS, hours: 48 }), ['IN']).level).toBe('none');
  });
});

describe('assessRisk: previousLevel tells when a unit becomes suspect', () => {
  it('is the level before this scan', () => {
    const risk = assess([session({ place: PUNE })], scan({ place: DELHI, hours: 1 }));
    expect(risk).toMatchObject({ level: 'suspect', previousLevel: 'none' });
    const again = assess([session({ place: PUNE }), session({ place: DELHI, at: 1 })], scan({ hours: 2 }));
    expect(again).toMatchObject({ level: 'suspect', previousLevel: 'suspect' });
  });
  it('honours the brand settings', () => {
    const settings = { ...DEFAULT_RISK_SETTINGS, cautionSessions: 2, suspectPlaces: 2 };
    expect(assess([session({ place: PUNE })], scan({ place: MUMBAI, hours: 24 }), null, { ...settings, suspectPlaces: 3 }).level).toBe('caution');
    expect(assess([session({ place: PUNE })], scan({ place: PUNE, hours: 24 }), null, settings).level).toBe('none');
    expect(assess([session({ place: PUNE })], scan({ place: DELHI, hours: 72 }), null, settings).level).toBe('suspect');
  });
});

describe('assessRisk: whether to ask for the location (askLocation)', () => {
  const ipPlace = (p: Place, at = 1) => ({ ...p, fromIp: true as const, at: h(at) });
  const own = (over: Partial<UnitSession> = {}): UnitSession => ({ key: 'dv_now', deviceId: 'dv_now', customerId: null, firstAt: h(1), lastAt: h(1), place: null, ...over });
  it.each<[string, UnitSession[], CurrentScan, boolean]>([
    ['a first check of the pack: where it was first seen', [], scan(), true],
    ["another person's check before, no place shared", [session({ place: PUNE })], scan(), true],
    ['only an address place for this scan', [session({ place: PUNE })], scan({ place: { ...DELHI, fromIp: true } }), true],
    ['a place shared with this scan', [session({ place: PUNE })], scan({ place: MUMBAI }), false],
    ["nobody's session (no device, no account): a place would not be used", [session({ place: PUNE })], scan({ key: 'ip:abc', deviceId: null }), false],
    ['signed in without a device', [session({ place: PUNE })], scan({ key: 'c:cu_1', deviceId: null, customerId: 'cu_1' }), true],
    ['an own rescan within the hour, no place yet', [own()], scan({ hours: 1.5 }), true],
    ['a rescan within the hour of this session, its place an address place', [session({ place: PUNE }), own({ place: ipPlace(DELHI) })], scan({ hours: 1.9 }), true],
    ['a rescan within the hour, no place yet', [session({ place: PUNE }), own()], scan({ hours: 2 }), true],
    ['a rescan after the hour: a place then would be its owner moving', [session({ place: PUNE }), own({ place: ipPlace(DELHI) })], scan({ hours: 2.01 }), false],
    ['this session already shared a place', [session({ place: PUNE }), own({ place: { ...MUMBAI, at: h(1) } })], scan({ hours: 1.5 }), false],
    [
      'a buyer signed in on another phone (a trip with the pack): a place would be them moving',
      [session({ place: PUNE }), own({ key: 'dv_home', deviceId: 'dv_home', customerId: 'cu_5' })],
      scan({ customerId: 'cu_5', hours: 1.2 }),
      false,
    ],
  ])('%s', (_name, sessions, current, expected) => {
    expect(assess(sessions, current).askLocation).toBe(expected);
  });
  it('judges a rescan that brings its session the place its first check lacked as that check would have been, within the hour only', () => {
    const seen = session({ place: PUNE });
    const mine = (place: UnitSession['place']) => own({ place });
    // the shopper's first check had only the gateway's city (no distance counts); now they share Delhi
    const shared = assess([seen, mine(ipPlace(MUMBAI))], scan({ hours: 1.2, place: DELHI }));
    expect(shared).toMatchObject({ level: 'suspect', previousLevel: 'none', ownRescan: true, askLocation: false });
    expect(shared.findings.map((f) => f.rule)).toEqual(['travel']);
    expect(assess([seen, mine(null)], scan({ hours: 1.2, place: DELHI })).level).toBe('suspect');
    // after the hour it is the owner moving: the rescan never raises the level
    expect(assess([seen, mine(ipPlace(MUMBAI))], scan({ hours: 2.5, place: DELHI })).level).toBe('none');
    expect(assess([seen, mine(null)], scan({ hours: 2.5, place: DELHI })).level).toBe('none');
    // a session with a shared place keeps it: another place is the owner moving
    expect(assess([seen, mine({ ...MUMBAI, at: h(1) })], scan({ hours: 1.2, place: DELHI })).level).toBe('none');
    // the same for a rescan of a person's other phone within that session's hour, as the database keeps it
    const home = own({ key: 'dv_home', deviceId: 'dv_home', customerId: 'cu_5' });
    expect(assess([seen, home, own({ customerId: 'cu_5' })], scan({ customerId: 'cu_5', hours: 1.2, place: DELHI })).level).toBe('suspect');
    // but a second phone's first check is an own rescan with no session yet: never raised (its place counts from then on)
    expect(assess([seen, home], scan({ customerId: 'cu_5', hours: 1.2, place: DELHI })).level).toBe('none');
    // an address place never replaces one, shared or not
    expect(assess([seen, mine(ipPlace(MUMBAI))], scan({ hours: 1.2, place: { ...DELHI, fromIp: true } })).level).toBe('none');
  });
  it('is not asked once the unit is suspect: a place would change nothing said, and a blacklisted code answers Fake', () => {
    const sessions = [session({ place: PUNE }), session({ place: DELHI, at: 0.5 })];
    const risk = assess(sessions, scan());
    expect(risk.level).toBe('suspect');
    expect(risk.askLocation).toBe(false);
    expect(assess([session({ place: PUNE })], scan()).askLocation).toBe(true);
  });
});

describe('device id', () => {
  it('is dv_ and 22 url-safe characters, random, and checked by format', () => {
    const a = newDeviceId();
    expect(a).toMatch(/^dv_[A-Za-z0-9_-]{22}$/);
    expect(isDeviceId(a)).toBe(true);
    expect(newDeviceId()).not.toBe(a);
    for (const bad of ['', 'dv_short', 'cu_AAAAAAAAAAAAAAAAAAAAAA', `dv_${'A'.repeat(21)}!`, `dv_${'A'.repeat(23)}`]) expect(isDeviceId(bad)).toBe(false);
  });
  it('replaces a malformed cookie in the forwarded Cookie header and keeps the others', () => {
    expect(withDeviceCookie('a=1; device_id=junk; b=2', 'dv_x')).toBe('a=1; b=2; device_id=dv_x');
    expect(withDeviceCookie(null, 'dv_x')).toBe('device_id=dv_x');
  });
});

describe('the window in which a place becomes a session\'s place', () => {
  it('is the same hour in the assessment and in the trigger that keeps sessions (migration 0023)', () => {
    expect(SHARED_PLACE_WINDOW_MS).toBe(3_600_000);
    expect(sql0023).toContain("new_at <= first_at + interval '1 hour'");
  });
});
