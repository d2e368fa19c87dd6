// The risk assessment of a scan (docs/verification.md, "Risk"): beside the verdict's label, a
// level (none, caution, suspect) and the reasons in plain words. Pure functions of the unit's
// sessions before this scan, this scan, the claim and the brand's settings; no I/O. The verify
// API reads the sessions in the same statement as the code (lib/api/verify/read-code.ts).
// Tested by tables in tests/unit/domain/risk.test.ts.

export const RISK_LEVELS = ['none', 'caution', 'suspect'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];
export const RISK_RULES = ['sessions', 'places', 'travel', 'consumed', 'market'] as const;
export type RiskRule = (typeof RISK_RULES)[number];

/** Per-brand settings (lib/schemas/client-config.ts, verification.risk), with these defaults. */
export type RiskSettings = {
  /** Distinct sessions (phones or accounts) from which the level is caution, and suspect. */
  cautionSessions: number;
  suspectSessions: number;
  /** Two places are distinct when farther apart than this (km). */
  placeKm: number;
  /** Distinct places within windowDays from which the level is suspect. */
  suspectPlaces: number;
  windowDays: number;
  /** Two sessions in distinct places closer in time than this speed allows (km/h): suspect. */
  maxSpeedKmh: number;
  /** Other sessions that checked a claimed unit after its claim, from which the level is caution. */
  consumedSessions: number;
};
export const DEFAULT_RISK_SETTINGS: RiskSettings = {
  cautionSessions: 6,
  suspectSessions: 9,
  placeKm: 100,
  suspectPlaces: 3,
  windowDays: 30,
  maxSpeedKmh: 300,
  consumedSessions: 3,
};

/** Days raw scan data is kept unless the brand says otherwise (verification.risk.retentionDays). */
export const DEFAULT_RETENTION_DAYS = 100;

export type Place = { lat: number; lng: number };
/**
 * One session of a unit: the scans from one device (first-party cookie) or, without one, one
 * signed-in customer or one network. `place` is the first coarse place it was seen at, and when:
 * later places of the same session are its owner moving (or inventing places), never a new place
 * for the unit, and they do not erase where the unit was first seen.
 */
export type UnitSession = { key: string; deviceId: string | null; customerId: string | null; firstAt: Date; lastAt: Date; place: (Place & { at: Date }) | null };
export type CurrentScan = { key: string; deviceId: string | null; customerId: string | null; at: Date; place: Place | null };
export type RiskInput = {
  /** The unit's sessions before this scan (at most the most recent few dozen). */
  sessions: readonly UnitSession[];
  scan: CurrentScan;
  /** The unit's first verification before this scan (null: none yet). */
  firstVerifiedAt: Date | null;
  /** Verifications before this scan. */
  verifiedCount: number;
  claim: { customerId: string; claimedAt: Date } | null;
  settings: RiskSettings;
  /** The name of a place for the reasons (an offline gazetteer), or null; none: no names. */
  placeName?: (p: Place) => string | null;
  /** The countries (ISO alpha-2) the unit's batch is sold in; null or empty: anywhere. */
  markets?: readonly string[] | null;
  /** The country of a place (the same gazetteer), for the market rule; none: the rule is off. */
  countryOf?: (p: Place) => string | null;
};
export type RiskFinding = { rule: RiskRule; level: Exclude<RiskLevel, 'none'>; reason: string };
export type RiskAssessment = {
  level: RiskLevel;
  reasons: string[];
  findings: RiskFinding[];
  /** Whether this scan came from a session (or person) that had checked the unit before. */
  ownRescan: boolean;
  /** The level before this scan, to tell when a unit becomes suspect. */
  previousLevel: RiskLevel;
};

const RANK: Record<RiskLevel, number> = { none: 0, caution: 1, suspect: 2 };
export const maxLevel = (a: RiskLevel, b: RiskLevel): RiskLevel => (RANK[a] >= RANK[b] ? a : b);
export const isHigher = (a: RiskLevel, b: RiskLevel) => RANK[a] > RANK[b];

/** Great-circle distance in km (haversine, mean Earth radius). */
export function distanceKm(a: Place, b: Place): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

type Group = { sessions: UnitSession[]; customerIds: Set<string> };

/**
 * Sessions joined into people: two sessions are one person when they share a device or a
 * signed-in customer (a customer signed in on another phone is still the same person).
 */
export function groupSessions(sessions: readonly UnitSession[]): Group[] {
  const parent = sessions.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const byDevice = new Map<string, number>();
  const byCustomer = new Map<string, number>();
  sessions.forEach((s, i) => {
    for (const [map, id] of [[byDevice, s.deviceId], [byCustomer, s.customerId]] as const) {
      if (!id) continue;
      const j = map.get(id);
      if (j === undefined) map.set(id, i);
      else parent[find(i)] = find(j);
    }
  });
  const groups = new Map<number, Group>();
  sessions.forEach((s, i) => {
    const root = find(i);
    const g = groups.get(root) ?? { sessions: [], customerIds: new Set<string>() };
    g.sessions.push(s);
    if (s.customerId) g.customerIds.add(s.customerId);
    groups.set(root, g);
  });
  return [...groups.values()];
}

/** Whether the scan belongs to a session or person seen before on this unit. */
export function isOwnRescan(sessions: readonly UnitSession[], scan: CurrentScan): boolean {
  return sessions.some(
    (s) => s.key === scan.key || (scan.deviceId !== null && s.deviceId === scan.deviceId) || (scan.customerId !== null && s.customerId === scan.customerId),
  );
}

/** Places farther apart than placeKm from each other (greedy: each new place joins the first near one). */
function distinctPlaces(places: readonly Place[], placeKm: number): Place[] {
  const out: Place[] = [];
  for (const p of places) if (!out.some((q) => distanceKm(p, q) <= placeKm)) out.push(p);
  return out;
}

const DAY_MS = 86_400_000;

/** The rules over a set of sessions (people = groups). Each finding carries its reason. */
type Lookups = Pick<RiskInput, 'placeName' | 'markets' | 'countryOf'>;

export function findings(sessions: readonly UnitSession[], claim: RiskInput['claim'], settings: RiskSettings, now: Date, lookups: Lookups = {}): RiskFinding[] {
  const placeName = lookups.placeName ?? (() => null);
  const out: RiskFinding[] = [];
  const groups = groupSessions(sessions);
  const people = groups.length;
  if (people >= settings.suspectSessions) {
    out.push({ rule: 'sessions', level: 'suspect', reason: `Checked by ${people} different people: more than one pack is normally checked by, so this code may have been copied.` });
  } else if (people >= settings.cautionSessions) {
    out.push({ rule: 'sessions', level: 'caution', reason: `Checked by ${people} different people: more than usual for one pack.` });
  }

  // Where: each person's places within the window (a person moving is never counted against the unit).
  const since = now.getTime() - settings.windowDays * DAY_MS;
  const located = groups
    .map((g) =>
      g.sessions
        .filter((s) => s.place && s.place.at.getTime() >= since)
        .map((s) => ({ place: s.place!, at: s.place!.at }))
        .sort((a, b) => a.at.getTime() - b.at.getTime()),
    )
    .filter((l) => l.length > 0)
    .sort((a, b) => a[0]!.at.getTime() - b[0]!.at.getTime());
  // A person counts at the first place they checked the unit (their own trips never add places);
  // places in the order they were first seen.
  const places = distinctPlaces(located.map((l) => l[0]!.place), settings.placeKm);
  if (places.length >= settings.suspectPlaces) {
    out.push({
      rule: 'places',
      level: 'suspect',
      reason: `Checked in ${places.length} places more than ${settings.placeKm} km apart within ${settings.windowDays} days${namesOf(places, placeName)}: this code may have been copied.`,
    });
  }

  // Impossible travel: two people in places farther apart than the speed allows in the time between.
  let travel: { km: number; hours: number } | null = null;
  for (let i = 0; i < located.length; i++) {
    for (let j = i + 1; j < located.length; j++) {
      for (const a of located[i]!) {
        for (const b of located[j]!) {
          const km = distanceKm(a.place, b.place);
          if (km <= settings.placeKm) continue;
          const hours = Math.abs(a.at.getTime() - b.at.getTime()) / 3_600_000;
          if (km > settings.maxSpeedKmh * hours && (!travel || km > travel.km)) travel = { km, hours };
        }
      }
    }
  }
  if (travel) {
    const within = travel.hours < 1 ? 'within an hour' : `within ${Math.ceil(travel.hours)} hours`;
    out.push({
      rule: 'travel',
      level: 'suspect',
      reason: `Checked ${Math.round(travel.km)} km apart ${within} by different people: this code may have been copied.`,
    });
  }

  // Off-market: a person whose first place is in a country the batch is not sold in.
  const { markets, countryOf } = lookups;
  if (markets?.length && countryOf) {
    const outside = [...new Set(located.map((l) => countryOf(l[0]!.place)).filter((c): c is string => !!c && !markets.includes(c)))];
    if (outside.length) {
      out.push({
        rule: 'market',
        level: 'caution',
        reason: `Checked in ${outside.join(', ')}, outside the countries this batch is sold in (${markets.join(', ')}): it may have been diverted or copied.`,
      });
    }
  }

  // Already consumed: people other than the buyer checking a unit after its claim.
  if (claim) {
    const after = groups.filter((g) => !g.customerIds.has(claim.customerId) && g.sessions.some((s) => s.lastAt.getTime() > claim.claimedAt.getTime())).length;
    if (after >= settings.consumedSessions) {
      out.push({ rule: 'consumed', level: 'caution', reason: `Checked by ${after} other people after its buyer registered it: this pack may have been refilled or copied.` });
    }
  }
  return out;
}

/** ' (Pune, Delhi, Kolkata)' for the places that have a name; '' when none has. */
function namesOf(places: readonly Place[], placeName: (p: Place) => string | null): string {
  const names = [...new Set(places.map(placeName).filter((n): n is string => !!n))];
  return names.length ? ` (${names.join(', ')})` : '';
}

const levelOf = (list: readonly RiskFinding[]): RiskLevel => list.reduce<RiskLevel>((l, f) => maxLevel(l, f.level), 'none');

const sessionOfScan = (scan: CurrentScan): UnitSession => ({
  key: scan.key,
  deviceId: scan.deviceId,
  customerId: scan.customerId,
  firstAt: scan.at,
  lastAt: scan.at,
  place: scan.place && { ...scan.place, at: scan.at },
});

const DAY_FORMAT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * The assessment of one scan. A rescan by someone who checked the unit before (same device, or
 * the same signed-in customer on another) is judged on the sessions before it, so it never raises
 * the level; a new person's scan is judged with them included.
 */
export function assessRisk(input: RiskInput): RiskAssessment {
  const { sessions, scan, settings } = input;
  const before = findings(sessions, input.claim, settings, scan.at, input);
  const previousLevel = levelOf(before);
  const ownRescan = isOwnRescan(sessions, scan);
  const now = ownRescan
    ? before
    : findings([...sessions, sessionOfScan(scan)], input.claim, settings, scan.at, input);
  const level = maxLevel(levelOf(now), previousLevel);
  const reasons: string[] = [];
  if (input.verifiedCount === 0 || !input.firstVerifiedAt) {
    reasons.push('First check of this pack.');
  } else {
    const people = groupSessions(ownRescan ? sessions : [...sessions, sessionOfScan(scan)]).length;
    const count = input.verifiedCount + 1;
    // Where the pack was first seen: the earliest known place of the unit.
    const first = sessions
      .filter((x) => x.place)
      .sort((a, b) => a.place!.at.getTime() - b.place!.at.getTime())[0]?.place;
    const name = first && input.placeName ? input.placeName(first) : null;
    const near = name ? ` near ${name}` : '';
    reasons.push(`First verified on ${DAY_FORMAT.format(input.firstVerifiedAt)}${near}. Verified ${count} ${count === 1 ? 'time' : 'times'} since, by ${people} ${people === 1 ? 'person' : 'different people'}.`);
    if (ownRescan) reasons.push('You have checked this pack before.');
  }
  for (const f of now) reasons.push(f.reason);
  if (level === 'none' && input.verifiedCount > 0) reasons.push('Nothing unusual about its checks.');
  return { level, reasons, findings: now, ownRescan, previousLevel };
}
