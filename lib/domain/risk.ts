// The risk assessment of a scan (docs/verification.md, "Risk"): beside the verdict's label, a
// level (none, caution, suspect) and the reasons in plain words. Pure functions of the unit's
// sessions before this scan, this scan, the claim and the brand's settings; no I/O. The verify
// API reads the sessions in the same statement as the code (lib/api/verify/read-code.ts).
// Tested by tables in tests/unit/domain/risk.test.ts.
import type { RiskReasonCode } from '@/lib/shared/risk-words';

export const RISK_LEVELS = ['none', 'caution', 'suspect'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];
/** 'brand': the brand's own decision in the console (a mark in force), not a rule of the checks. */
export const RISK_RULES = ['sessions', 'places', 'travel', 'consumed', 'market', 'sellBy', 'covert', 'destination', 'hidden', 'brand'] as const;
export type RiskRule = (typeof RISK_RULES)[number];
/** The level a brand gives a rule that has one setting for it ('off': the rule never fires). */
export const RULE_LEVELS = ['off', 'caution', 'suspect'] as const;
export type RuleLevel = (typeof RULE_LEVELS)[number];

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
  /**
   * Arrivals of other people checking a claimed unit after its claim (people first checking within
   * consumedLateDays of one another are one arrival: a household, unless two of them gave places
   * more than placeKm apart), from which the level is caution.
   */
  consumedSessions: number;
  /**
   * New people first checking a claimed unit more than consumedLateDays after its claim, at
   * consumedLateArrivals separate times or more (people arriving within consumedLateDays of each
   * other are one arrival: a gift and its new household, unless two of them gave places more than
   * placeKm apart: a pack is in one home at a time), give the level consumedLate. A registered
   * pack stays with its buyer, whose household checks it within a day or two; a gift reaches one
   * new home; new people arriving again and again are shoppers looking at packs carrying its code.
   */
  consumedLate: RuleLevel;
  consumedLateArrivals: number;
  consumedLateDays: number;
  /** A unit still checked unclaimed after its batch's sell-by date (its expiry date less sellByDays). */
  afterSellBy: RuleLevel;
  sellByDays: number;
  /** A unit's covert code (revealed only after purchase) checked while nobody has bought the unit. */
  covertBeforeSale: RuleLevel;
  /** Checked by destinationSessions people or more, every one outside the batch's countries, never inside. */
  neverIssuedHere: RuleLevel;
  destinationSessions: number;
};
export const DEFAULT_RISK_SETTINGS: RiskSettings = {
  cautionSessions: 6,
  suspectSessions: 9,
  placeKm: 100,
  suspectPlaces: 3,
  windowDays: 30,
  maxSpeedKmh: 300,
  consumedSessions: 3,
  consumedLate: 'suspect',
  consumedLateArrivals: 2,
  consumedLateDays: 2,
  afterSellBy: 'caution',
  sellByDays: 0,
  covertBeforeSale: 'caution',
  neverIssuedHere: 'suspect',
  destinationSessions: 3,
};

/** Days raw scan data is kept unless the brand says otherwise (verification.risk.retentionDays). */
export const DEFAULT_RETENTION_DAYS = 100;

export type Place = { lat: number; lng: number };
/**
 * A place as known: from the customer's permission, or (fromIp) from the request address through
 * an offline IP-to-city database. An address place is the city of the network's gateway: carrier
 * networks put a whole region's phones behind a few gateways, so it says the country reliably and
 * the city only roughly. It counts for the country rules (market, destination) and names the place
 * in reasons; it never counts as a place of the places rule or for impossible travel.
 */
export type KnownPlace = Place & { fromIp?: boolean };
/**
 * One session of a unit: the scans from one device (first-party cookie) or, without one, one
 * signed-in customer or one network. `place` is the first coarse place it was seen at, and when:
 * later places of the same session are its owner moving (or inventing places), never a new place
 * for the unit, and they do not erase where the unit was first seen.
 */
export type UnitSession = {
  key: string;
  deviceId: string | null;
  customerId: string | null;
  firstAt: Date;
  lastAt: Date;
  place: (KnownPlace & { at: Date }) | null;
  /** When this session first checked the unit's covert code while the unit was unclaimed. */
  covertBeforeSaleAt?: Date | null;
  /** The network of its first scan (a keyed hash of the address's /24 or /48); null or absent: unknown. */
  net?: string | null;
  /**
   * When this session, within a day of checking the unit, typed a hidden code that does not exist
   * (a copy's panel carries a made-up one); null or absent: never.
   */
  falseHiddenAt?: Date | null;
};
export type CurrentScan = {
  key: string;
  deviceId: string | null;
  customerId: string | null;
  at: Date;
  place: KnownPlace | null;
  /** This scan checks the unit's covert code while nobody has claimed the unit, and does not claim it. */
  covertBeforeSale?: boolean;
  /** The network of the request address (keyed hash of its /24 or /48); null or absent: unknown. */
  net?: string | null;
};
export type RiskInput = {
  /** The unit's sessions before this scan (at most the most recent few dozen). */
  sessions: readonly UnitSession[];
  scan: CurrentScan;
  /** The unit's first verification before this scan (null: none yet). */
  firstVerifiedAt: Date | null;
  /**
   * Where the unit was first seen among all its sessions, as kept on the unit (a place someone gave,
   * never an address place); absent or null: only the sessions read say it.
   */
  firstPlace?: (Place & { at: Date }) | null;
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
  /** The batch's expiry date (YYYY-MM-DD), when the data has one: its sell-by date is sellByDays before. */
  expiryDate?: string | null;
  /**
   * How many witnesses together never make a unit suspect (UNCORROBORATED_WITNESSES, the product's
   * bound). Not a brand setting: the rule tables pass 0 to test each rule's own logic apart from the bound.
   */
  witnessBound?: number;
  /**
   * The brand has marked the unit suspect in its console and not cleared the mark: independent
   * evidence of its own (the brand looked into it), so suspect for everyone but its claimant.
   */
  brandMarked?: boolean;
};
/**
 * What a suspect finding rests on (bounded influence): pieces of evidence, each the people (indices
 * into the groups assessed) behind it, of which `needed` must stand. A piece stands while any of its
 * people is left (`all`: only while every one is, as the two ends of an impossible journey).
 */
type Support = { items: number[][]; needed: number; all?: boolean };
/**
 * A reason by its stable code and named values (lib/shared/risk-words.ts: the screens and the
 * evidence report show it in the customer's language). Dates are days ('2026-03-12'), lists of
 * places and countries are joined as written (names and codes never translate).
 */
export type RiskReason = { code: RiskReasonCode; values?: Record<string, string | number> };
export type RiskFinding = { rule: RiskRule; level: Exclude<RiskLevel, 'none'>; reason: string; why: RiskReason; support?: Support };
export type RiskAssessment = {
  level: RiskLevel;
  /** The reasons in English, the wire's words (kept for the API's existing callers and the brand's red flags). */
  reasons: string[];
  /** The same reasons, in the same order, by code and values. */
  reasonCodes: RiskReason[];
  findings: RiskFinding[];
  /** Whether this scan came from a session (or person) that had checked the unit before. */
  ownRescan: boolean;
  /** The level before this scan, to tell when a unit becomes suspect. */
  previousLevel: RiskLevel;
  /**
   * Whether to offer this scan's customer to share their location (asksForPlace): they shared
   * none, and a place shared now would become this session's place.
   */
  askLocation: boolean;
  /**
   * The unit's level, for the brand (red flags, holds, automatic blacklisting). `level` is what
   * this scan's customer is shown: for the customer who claimed the unit with its hidden code, never
   * suspect (their pack is the one the code was made for; copies of its code are the others).
   */
  unitLevel: RiskLevel;
  /**
   * What the checks alone say of the unit (unitLevel without the brand's mark): a scan raises the
   * brand's red flag when this becomes suspect; the mark opens its own from the console.
   */
  evidenceLevel: RiskLevel;
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

type Group = { sessions: UnitSession[]; customerIds: ReadonlySet<string> };
/** The customer ids of a person who never signed in: one shared empty set, never added to. */
const NO_CUSTOMERS: ReadonlySet<string> = new Set<string>();

/**
 * Sessions joined into people: two sessions are one person when they share a device or a
 * signed-in customer (a customer signed in on another phone is still the same person). People
 * come in the order of their first session. Written with plain loops: it runs on every assessed
 * scan over a few dozen sessions, and its garbage was a good part of the assessment's cost
 * (docs/benchmarks.md, "The risk assessment's cost").
 */
export function groupSessions(sessions: readonly UnitSession[]): Group[] {
  const n = sessions.length;
  const parent = new Int32Array(n);
  for (let i = 0; i < n; i++) parent[i] = i;
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  const byDevice = new Map<string, number>();
  const byCustomer = new Map<string, number>();
  const join = (map: Map<string, number>, id: string | null, i: number) => {
    if (!id) return;
    const j = map.get(id);
    if (j === undefined) map.set(id, i);
    else parent[find(i)] = find(j);
  };
  for (let i = 0; i < n; i++) {
    join(byDevice, sessions[i]!.deviceId, i);
    join(byCustomer, sessions[i]!.customerId, i);
  }
  // Each root's person, made when its first session is met (a customer's set only when one signs in).
  const groups: { sessions: UnitSession[]; customerIds: ReadonlySet<string> }[] = [];
  const groupOf = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    const s = sessions[i]!;
    const root = find(i);
    let k = groupOf[root]!;
    if (k < 0) {
      k = groupOf[root] = groups.length;
      groups.push({ sessions: [], customerIds: NO_CUSTOMERS });
    }
    const g = groups[k]!;
    g.sessions.push(s);
    if (s.customerId) {
      if (g.customerIds === NO_CUSTOMERS) g.customerIds = new Set<string>();
      (g.customerIds as Set<string>).add(s.customerId);
    }
  }
  return groups;
}

/** Whether the scan belongs to a session or person seen before on this unit. */
export function isOwnRescan(sessions: readonly UnitSession[], scan: CurrentScan): boolean {
  return sessions.some(
    (s) => s.key === scan.key || (scan.deviceId !== null && s.deviceId === scan.deviceId) || (scan.customerId !== null && s.customerId === scan.customerId),
  );
}

/** Said to the customer who claimed a unit whose code is suspect elsewhere: their pack is the genuine one. */
export const CLAIMANT_REASON =
  'You registered this pack with its hidden code, so it is the pack this code was made for. Copies of its code may be circulating: if you know where they are sold, please report it.';

/** Said to a customer checking the unit again; about them, so not part of the brand's red flag. */
export const OWN_RESCAN_REASON = 'You have checked this pack before.';
/** What everyone but the claimant is told of a unit the brand marked suspect (never the brand's own words). */
export const BRAND_MARKED_REASON = 'The brand has looked into the checks of this code and marked it as likely copied.';

/**
 * How long after a session's first check a place still becomes the session's place: a session
 * without a place takes the first one given within it, and an address place (the gateway's city)
 * gives way to a place its customer shares within it. Later places are the owner moving and never
 * change where the session was first seen. The verify page's offer to share a location is answered
 * within it. Migration 0023 (record_unit_session) keeps sessions by the same hour.
 */
export const SHARED_PLACE_WINDOW_MS = 60 * 60_000;

/**
 * Whether a place given at `at` (an address place when fromIp) replaces a session's place: what
 * migration 0023 does when it records the scan.
 */
function placeReplaces(s: UnitSession, fromIp: boolean, at: Date): boolean {
  if (at.getTime() - s.firstAt.getTime() > SHARED_PLACE_WINDOW_MS) return false;
  return s.place === null || (s.place.fromIp === true && !fromIp);
}

/**
 * Whether the scan's person checked the unit in another session too (another phone of the same
 * account, the same phone signed in): a place given now is then theirs moving, not where they
 * first checked it.
 */
function hasOtherSession(sessions: readonly UnitSession[], scan: CurrentScan): boolean {
  return sessions.some(
    (s) => s.key !== scan.key && ((scan.deviceId !== null && s.deviceId === scan.deviceId) || (scan.customerId !== null && s.customerId === scan.customerId)),
  );
}

/**
 * The sessions with this scan's place made its own session's place, when recording the scan does
 * that (placeReplaces, as the trigger does, whatever other sessions the person has); null otherwise.
 */
function withPlaceGiven(sessions: readonly UnitSession[], scan: CurrentScan): UnitSession[] | null {
  if (!scan.place || (scan.deviceId === null && scan.customerId === null)) return null;
  const i = sessions.findIndex((s) => s.key === scan.key);
  if (i < 0 || !placeReplaces(sessions[i]!, scan.place.fromIp === true, scan.at)) return null;
  const out = sessions.slice();
  out[i] = { ...sessions[i]!, place: { ...scan.place, at: scan.at } };
  return out;
}

/**
 * Whether a scan's customer is offered to share their location, which is then sent with a rescan
 * (the verify page): when it would tell where a copy may be. Only when
 * - the scan is someone's (a device or an account: a place from nobody's session is never used),
 * - it carries no place the customer shared (an address place only says the gateway's city),
 * - a place shared now would become this session's (placeReplaces: none shared yet, within the hour),
 * - and this session is its person's first check of the unit (on another phone of theirs, or later,
 *   a place is them moving: a buyer on a trip with the pack must not add a city to it).
 * A first check of the pack is asked too: where a genuine pack was first seen is what the places
 * of later checks are compared with. A unit already suspect is not: the place would change nothing
 * the customer is told, and with the brand's automatic blacklisting the check again answers Fake,
 * which keeps no session. (On a unit with more sessions than the verify read takes, a device whose
 * own session is older than those may be asked once more; the place it then sends is past its
 * hour and changes nothing.)
 */
function asksForPlace(sessions: readonly UnitSession[], scan: CurrentScan): boolean {
  if (scan.deviceId === null && scan.customerId === null) return false;
  if (scan.place && !scan.place.fromIp) return false;
  if (hasOtherSession(sessions, scan)) return false;
  const own = sessions.find((s) => s.key === scan.key);
  return !own || placeReplaces(own, false, scan.at);
}

/** Places farther apart than placeKm from each other (greedy: each new place joins the first near one). */
function distinctPlaces(places: readonly Place[], placeKm: number): Place[] {
  const out: Place[] = [];
  for (const p of places) if (!out.some((q) => distanceKm(p, q) <= placeKm)) out.push(p);
  return out;
}

const DAY_MS = 86_400_000;
const DAY_FORMAT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** The rules over a set of sessions (people = groups). Each finding carries its reason. */
type Lookups = Pick<RiskInput, 'placeName' | 'markets' | 'countryOf' | 'expiryDate'>;

/** The sell-by date (YYYY-MM-DD) of a batch that expires on expiryDate. */
export function sellByDate(expiryDate: string, sellByDays: number): string {
  const d = new Date(`${expiryDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - sellByDays);
  return d.toISOString().slice(0, 10);
}
const ruleLevel = (l: RuleLevel): Exclude<RiskLevel, 'none'> | null => (l === 'off' ? null : l);

/** A person's places within the window, oldest first (what the place rules look at). */
type Located = { place: KnownPlace; at: Date }[];
/** The people of a set of sessions, and each one's places within the window. */
/**
 * `givenOf`: each person's places they gave (placesOf without address places), what the places,
 * travel, sessions and consumed rules read; kept beside placesOf so that no rule filters it again.
 */
type People = { sessions: readonly UnitSession[]; groups: readonly Group[]; placesOf: readonly Located[]; givenOf: readonly Located[]; witness?: { of: Int32Array; count: number } };

/**
 * The people joined into witnesses (docs/verification.md, "Bounded influence"): people who share a
 * network (an IPv4 /24, an IPv6 /48: a home, an office, a carrier gateway) are one witness, as a
 * device or an account is one person. Whatever one network does, with any number of cleared
 * cookies, invented places or accounts, is one witness's say. Computed once per People.
 */
function witnessesOf(who: People): { of: Int32Array; count: number } {
  if (who.witness) return who.witness;
  const n = who.groups.length;
  const parent = new Int32Array(n);
  for (let i = 0; i < n; i++) parent[i] = i;
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  const byNet = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    for (const s of who.groups[i]!.sessions) {
      if (!s.net) continue;
      const j = byNet.get(s.net);
      if (j === undefined) byNet.set(s.net, i);
      else parent[find(i)] = find(j);
    }
  }
  const of = new Int32Array(n);
  const index = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const root = find(i);
    let k = index.get(root);
    if (k === undefined) index.set(root, (k = index.size));
    of[i] = k;
  }
  (who as { witness?: { of: Int32Array; count: number } }).witness = { of, count: index.size };
  return who.witness!;
}
const witnessCount = (who: People) => witnessesOf(who).count;

/**
 * How many witnesses, together, may never make a unit suspect: no one network, device or account,
 * nor any three of them, moves a unit above caution (docs/verification.md, "Bounded influence").
 */
export const UNCORROBORATED_WITNESSES = 3;

/**
 * Whether a finding's evidence stands whichever UNCORROBORATED_WITNESSES witnesses are taken away:
 * every choice of them (among those whose removal can take a piece of evidence away) leaves at
 * least `needed` pieces standing. Runs only for a suspect finding.
 */
function corroborated(who: People, support: Support, bound: number): boolean {
  const { of } = witnessesOf(who);
  const items = support.items.map((people) => [...new Set(people.map((i) => of[i]!))]);
  if (items.length < support.needed) return false;
  const candidates = [...new Set(items.filter((it) => support.all || it.length <= bound).flat())];
  const standing = (removed: readonly number[]) => {
    let n = 0;
    for (const it of items) if (support.all ? it.every((w) => !removed.includes(w)) : it.some((w) => !removed.includes(w))) n++;
    return n;
  };
  const k = Math.min(bound, candidates.length);
  const pick: number[] = [];
  const holds = (from: number): boolean => {
    if (pick.length === k) return standing(pick) >= support.needed;
    for (let i = from; i <= candidates.length - (k - pick.length); i++) {
      pick.push(candidates[i]!);
      const ok = holds(i + 1);
      pick.pop();
      if (!ok) return false;
    }
    return true;
  };
  return holds(0);
}

/** Suspect findings whose evidence is not corroborated by independent witnesses count as caution. */
function bounded(list: RiskFinding[], who: People, bound: number): RiskFinding[] {
  if (bound <= 0) return list;
  let out: RiskFinding[] | null = null;
  for (let i = 0; i < list.length; i++) {
    const f = list[i]!;
    if (f.level !== 'suspect' || (f.support && corroborated(who, f.support, bound))) continue;
    out ??= list.slice();
    out[i] = { ...f, level: 'caution' };
  }
  return out ?? list;
}

/** The places a person gave of their places within the window (an address place is a gateway's city); the same empty list when none. */
const NO_PLACES: Located = [];
function givenWithin(l: Located): Located {
  let out: Located | null = null;
  for (const x of l) if (!x.place.fromIp) (out ??= []).push(x);
  return out ?? NO_PLACES;
}

function placesWithin(g: Group, since: number): Located {
  const out: Located = [];
  for (const s of g.sessions) if (s.place && s.place.at.getTime() >= since) out.push({ place: s.place, at: s.place.at });
  if (out.length > 1) out.sort((a, b) => a.at.getTime() - b.at.getTime());
  return out;
}

function peopleOf(sessions: readonly UnitSession[], settings: RiskSettings, now: Date): People {
  const since = now.getTime() - settings.windowDays * DAY_MS;
  const groups = groupSessions(sessions);
  const placesOf = groups.map((g) => placesWithin(g, since));
  return { sessions, groups, placesOf, givenOf: placesOf.map(givenWithin) };
}

/**
 * The people with one more session that is a new person (it shares no device and no customer with
 * any of them): exactly what peopleOf would give for the sessions and it, since grouping keeps
 * the order of first sessions and the new one is last, without grouping everyone again.
 */
function withNewPerson(before: People, s: UnitSession, settings: RiskSettings, now: Date): People {
  const g: Group = { sessions: [s], customerIds: s.customerId ? new Set([s.customerId]) : NO_CUSTOMERS };
  const since = now.getTime() - settings.windowDays * DAY_MS;
  const located = placesWithin(g, since);
  return { sessions: [...before.sessions, s], groups: [...before.groups, g], placesOf: [...before.placesOf, located], givenOf: [...before.givenOf, givenWithin(located)] };
}

export function findings(sessions: readonly UnitSession[], claim: RiskInput['claim'], settings: RiskSettings, now: Date, lookups: Lookups = {}, witnessBound = UNCORROBORATED_WITNESSES): RiskFinding[] {
  const who = peopleOf(sessions, settings, now);
  return bounded(findingsOf(who, claim, settings, now, lookups), who, witnessBound);
}

function findingsOf(who: People, claim: RiskInput['claim'], settings: RiskSettings, now: Date, lookups: Lookups): RiskFinding[] {
  const placeName = lookups.placeName ?? (() => null);
  const out: RiskFinding[] = [];
  const { sessions, groups } = who;
  // Heads are not evidence of a copy (a busy shelf, a household, a service visit): the number of
  // people is only ever a caution, counted by unrelated networks (docs/verification.md, "Bounded
  // influence"), and only when they checked it in more than one place: any number of shoppers at
  // one shelf, or of visitors in one home, are one pack in one place.
  const people = groups.length;
  const networks = witnessCount(who);
  if (people >= settings.cautionSessions && networks >= settings.cautionSessions) {
    const given = who.givenOf.flatMap((l) => (l.length ? [l[0]!.place] : []));
    if (distinctPlaces(given, settings.placeKm).length >= 2) {
      out.push({ rule: 'sessions', level: 'caution', why: { code: 'sessions', values: { people } }, reason: `Checked by ${people} different people: more than usual for one pack.` });
    }
  }

  // Where: each person's places within the window (a person moving is never counted against the
  // unit), people in the order of their first place (a stable sort: ties keep the people's order).
  const byFirstPlace = (a: Located, b: Located) => a[0]!.at.getTime() - b[0]!.at.getTime();
  // Places and travel count only places the customers gave (an address place is a gateway's city),
  // people in the order of their first place of any kind.
  const located = who.givenOf
    .flatMap((l, i) => (l.length ? [i] : []))
    .sort((i, j) => who.placesOf[i]![0]!.at.getTime() - who.placesOf[j]![0]!.at.getTime())
    .map((i) => who.givenOf[i]!);
  // A person counts at the first place they checked the unit (their own trips never add places);
  // places in the order they were first seen.
  const places = distinctPlaces(located.map((l) => l[0]!.place), settings.placeKm);
  if (places.length >= settings.suspectPlaces) {
    // Each place's people: those whose first given place is within placeKm of it (the first such).
    const items: number[][] = places.map(() => []);
    who.givenOf.forEach((l, i) => {
      const first = l[0];
      if (!first) return;
      const k = places.findIndex((p) => distanceKm(p, first.place) <= settings.placeKm);
      if (k >= 0) items[k]!.push(i);
    });
    out.push({
      rule: 'places',
      level: 'suspect',
      support: { items, needed: settings.suspectPlaces },
      why: { code: 'places', values: { count: places.length, km: settings.placeKm, days: settings.windowDays, ...namedPlaces(places, placeName) } },
      reason: `Checked in ${places.length} places more than ${settings.placeKm} km apart within ${settings.windowDays} days${namesOf(places, placeName)}: this code may have been copied.`,
    });
  }

  // Impossible travel: two people in places farther apart than the speed allows in the time between.
  let travel: { km: number; hours: number } | null = null;
  const givenOf = who.givenOf;
  const journeys: number[][] = [];
  for (let i = 0; i < givenOf.length; i++) {
    if (!givenOf[i]!.length) continue;
    for (let j = i + 1; j < givenOf.length; j++) {
      if (!givenOf[j]!.length) continue;
      let impossible = false;
      for (const a of givenOf[i]!) {
        for (const b of givenOf[j]!) {
          const km = distanceKm(a.place, b.place);
          if (km <= settings.placeKm) continue;
          const hours = Math.abs(a.at.getTime() - b.at.getTime()) / 3_600_000;
          if (km > settings.maxSpeedKmh * hours) {
            impossible = true;
            if (!travel || km > travel.km) travel = { km, hours };
          }
        }
      }
      if (impossible) journeys.push([i, j]);
    }
  }
  if (travel) {
    const within = travel.hours < 1 ? 'within an hour' : `within ${Math.ceil(travel.hours)} hours`;
    out.push({
      rule: 'travel',
      level: 'suspect',
      support: { items: journeys, needed: 1, all: true },
      why: { code: 'travel', values: { km: Math.round(travel.km), hours: travel.hours < 1 ? 0 : Math.ceil(travel.hours) } },
      reason: `Checked ${Math.round(travel.km)} km apart ${within} by different people: this code may have been copied.`,
    });
  }

  // Off-market: a person whose first place is in a country the batch is not sold in.
  const { markets, countryOf } = lookups;
  // People by their first place, address places included (the country rules read those).
  const locatedAny = markets?.length && countryOf ? who.placesOf.filter((l) => l.length > 0).sort(byFirstPlace) : [];
  if (markets?.length && countryOf) {
    const outside = [...new Set(locatedAny.map((l) => countryOf(l[0]!.place)).filter((c): c is string => !!c && !markets.includes(c)))];
    if (outside.length) {
      out.push({
        rule: 'market',
        level: 'caution',
        why: { code: 'market', values: { countries: outside.join(', '), markets: markets.join(', ') } },
        reason: `Checked in ${outside.join(', ')}, outside the countries this batch is sold in (${markets.join(', ')}): it may have been diverted or copied.`,
      });
    }
  }

  // Codes never issued here: several people checked the unit, every one of them (where known) in a
  // country its batch was never sent to, and nobody where it was: the pack itself never reached its
  // destination, so the code was likely printed for packs made elsewhere. A gift or a diverted pack
  // abroad is first seen at home (the shop, the buyer) and so never fires it.
  const neverIssued = ruleLevel(settings.neverIssuedHere);
  if (neverIssued && markets?.length && countryOf) {
    const countries = locatedAny.map((l) => countryOf(l[0]!.place));
    const known = countries.filter((c): c is string => !!c);
    const abroad = [...new Set(known.filter((c) => !markets.includes(c)))];
    if (known.length >= settings.destinationSessions && known.every((c) => !markets.includes(c))) {
      const abroadPeople = who.placesOf.flatMap((l, i) => (l.length && countryOf(l[0]!.place) ? [[i]] : []));
      out.push({
        rule: 'destination',
        level: neverIssued,
        support: { items: abroadPeople, needed: settings.destinationSessions },
        why: { code: 'destination', values: { people: known.length, countries: abroad.join(', '), markets: markets.join(', ') } },
        reason: `Checked by ${known.length} people, all in ${abroad.join(', ')}, and never in the countries this batch was issued to (${markets.join(', ')}): this code may have been copied onto packs made elsewhere.`,
      });
    }
  }

  // After sell-by: someone checked the unit, still unclaimed, after its batch's sell-by date.
  const sellByLevel = ruleLevel(settings.afterSellBy);
  if (sellByLevel && lookups.expiryDate) {
    const last = sellByDate(lookups.expiryDate, settings.sellByDays);
    // After the sell-by day: from the start of the next day (UTC), compared as numbers.
    const from = Date.parse(`${last}T00:00:00Z`) + DAY_MS;
    const lateWho = groups.flatMap((g, i) =>
      !(claim && g.customerIds.has(claim.customerId)) && g.sessions.some((s) => s.lastAt.getTime() >= from && (!claim || s.lastAt.getTime() < claim.claimedAt.getTime())) ? [[i]] : [],
    );
    const late = lateWho.length;
    if (late > 0) {
      const day = DAY_FORMAT.format(new Date(`${last}T00:00:00Z`));
      out.push({
        rule: 'sellBy',
        level: sellByLevel,
        support: { items: lateWho, needed: 1 },
        why: { code: 'sellBy', values: { date: last } },
        reason: `Checked on sale after this batch's sell-by date (${day}): it may be old stock with a new label, or a copy.`,
      });
    }
  }

  // Covert scanned before any sale: the hidden code, meant to be revealed after purchase, checked
  // while nobody had bought the unit.
  const covertLevel = ruleLevel(settings.covertBeforeSale);
  const covertAt = sessions.map((s) => s.covertBeforeSaleAt).filter((d): d is Date => !!d && (!claim || d.getTime() < claim.claimedAt.getTime()));
  if (covertLevel && covertAt.length) {
    const first = new Date(Math.min(...covertAt.map((d) => d.getTime())));
    const covertWho = groups.flatMap((g, i) => (g.sessions.some((x) => x.covertBeforeSaleAt && (!claim || x.covertBeforeSaleAt.getTime() < claim.claimedAt.getTime())) ? [[i]] : []));
    out.push({
      rule: 'covert',
      level: covertLevel,
      support: { items: covertWho, needed: 1 },
      why: { code: 'covert', values: { date: isoDay(first) } },
      reason: `Its hidden code was checked on ${DAY_FORMAT.format(first)}, before anyone bought it: the pack may have been opened in the shop, or its hidden code copied.`,
    });
  }

  // Copies' hidden codes: people who checked this unit's visible code and, within a day, typed a
  // hidden code that does not exist, as a copy's scratch panel carries. One such person may have
  // mistyped the real one; it counts from two, never the claimant's, never someone who also checked
  // the unit's real hidden code, and (bounded) only from independent witnesses beyond three.
  const falseHidden = groups.flatMap((g, i) =>
    !(claim && g.customerIds.has(claim.customerId)) && g.sessions.some((x) => x.falseHiddenAt) && !g.sessions.some((x) => x.covertBeforeSaleAt) ? [[i]] : [],
  );
  if (falseHidden.length >= 2) {
    out.push({
      rule: 'hidden',
      level: 'suspect',
      support: { items: falseHidden, needed: 1 },
      why: { code: 'hidden', values: { people: falseHidden.length } },
      reason: `Checked by ${falseHidden.length} people who then typed a hidden code that does not exist, as copies of this pack carry: this code may have been copied.`,
    });
  }

  // Already consumed: people other than the buyer checking a unit after its claim, counted by
  // arrival: people first checking it within consumedLateDays of one another are one arrival (its
  // household within a day or two of the purchase; a gift reaching one new home and its household),
  // so no family is counted person by person, unless two of them gave places more than placeKm
  // apart (a pack is in one home at a time: two far-apart homes at once are two packs). Arrivals
  // after the claim at several separate times are suspicious; new arrivals, each days after the
  // claim, at separate times or places are shoppers looking at packs that carry its code: a
  // registered pack stays with its buyer.
  if (claim) {
    const claimedAt = claim.claimedAt.getTime();
    const gapMs = settings.consumedLateDays * DAY_MS;
    const others = groups
      .map((g, i) => ({ g, i, given: who.givenOf[i]! }))
      .filter(({ g }) => !g.customerIds.has(claim.customerId) && g.sessions.some((s) => s.lastAt.getTime() > claimedAt))
      .map(({ g, i, given }) => ({
        i,
        at: Math.max(claimedAt, Math.min(...g.sessions.map((s) => s.firstAt.getTime()))),
        // The person's first place as they gave it, as the places rule reads it (an address place is a gateway's city).
        place: given[0]?.place ?? null,
      }))
      .sort((x, y) => x.at - y.at);
    // Each arrival starts a span of consumedLateDays; people first checking within it join it,
    // unless their place is more than placeKm from a place given in it.
    const arrivals: { start: number; places: Place[]; byPlace: boolean; people: number[] }[] = [];
    for (const o of others) {
      const open = arrivals[arrivals.length - 1];
      const inTime = !!open && o.at <= open.start + gapMs;
      const far = inTime && !!o.place && open.places.some((p) => distanceKm(p, o.place!) > settings.placeKm);
      if (inTime && !far) {
        if (o.place) open.places.push(o.place);
        open.people.push(o.i);
      } else arrivals.push({ start: o.at, places: o.place ? [o.place] : [], byPlace: far, people: [o.i] });
    }
    // Late arrivals count where the pack cannot be: at a place more than placeKm from every place
    // it was known at before them (its shop, its buyer, their household, earlier arrivals). An
    // installer, a technician or a housemate checking it at home weeks later is the same pack in
    // the same home; a late arrival with no place given says nothing of where the pack is. When no
    // place at all was given before, the first one given is taken as its home. Places are those of
    // the last windowDays (who.placesOf), as every rule reads them: a pack known nowhere for that
    // long takes the next place given as its home (docs/verification.md, "Rules").
    const arrivalOf = new Map<number, number>();
    arrivals.forEach((a, k) => a.people.forEach((i) => arrivalOf.set(i, k)));
    const known: Place[] = [];
    who.givenOf.forEach((l, i) => {
      const k = arrivalOf.get(i);
      if (k !== undefined && arrivals[k]!.start > claimedAt + gapMs) return;
      if (l.length) known.push(l[0]!.place);
    });
    const late: typeof arrivals = [];
    for (const a of arrivals) {
      if (a.start <= claimedAt + gapMs || !a.places.length) continue;
      const away = known.length > 0 && a.places.some((p) => known.every((q) => distanceKm(p, q) > settings.placeKm));
      known.push(...a.places);
      if (away) late.push(a);
    }
    const when = (list: typeof arrivals) =>
      `at ${list.length} separate ${list.some((a) => a.byPlace) ? `times or places more than ${settings.placeKm} km apart` : 'times'}`;
    /** The distance of 'separate times or places more than {km} km apart', when places set arrivals apart. */
    const apart = (list: typeof arrivals): { km?: number } => (list.some((a) => a.byPlace) ? { km: settings.placeKm } : {});
    const lateLevel = ruleLevel(settings.consumedLate);
    const days = `${settings.consumedLateDays} ${settings.consumedLateDays === 1 ? 'day' : 'days'}`;
    if (lateLevel && late.length >= settings.consumedLateArrivals) {
      out.push({
        rule: 'consumed',
        level: lateLevel,
        support: { items: late.map((a) => a.people), needed: settings.consumedLateArrivals },
        why: { code: 'consumedLate', values: { places: late.length, km: settings.placeKm, days: settings.consumedLateDays, date: isoDay(claim.claimedAt) } },
        reason: `Checked by new people at ${late.length} places more than ${settings.placeKm} km from where it was checked before, each more than ${days} after its buyer registered it on ${DAY_FORMAT.format(claim.claimedAt)}: a registered pack stays with its buyer, so this code may have been copied.`,
      });
    } else if (arrivals.length >= settings.consumedSessions) {
      out.push({
        rule: 'consumed',
        level: 'caution',
        why: { code: 'consumed', values: { people: others.length, arrivals: arrivals.length, ...apart(arrivals) } },
        reason: `Checked by ${others.length} other people ${when(arrivals)} after its buyer registered it: this pack may have been refilled or copied.`,
      });
    }
  }
  return out;
}

/** The names of the places that have one, as a value of a reason ({ names: 'Pune, Delhi' }), or none. */
function namedPlaces(places: readonly Place[], placeName: (p: Place) => string | null): { names?: string } {
  const names = [...new Set(places.map(placeName).filter((n): n is string => !!n))];
  return names.length ? { names: names.join(', ') } : {};
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** ' (Pune, Delhi, Kolkata)' for the places that have a name; '' when none has. */
function namesOf(places: readonly Place[], placeName: (p: Place) => string | null): string {
  const names = [...new Set(places.map(placeName).filter((n): n is string => !!n))];
  return names.length ? ` (${names.join(', ')})` : '';
}

const levelOf = (list: readonly RiskFinding[]): RiskLevel => list.reduce<RiskLevel>((l, f) => maxLevel(l, f.level), 'none');

const sessionOfScan = (scan: CurrentScan): UnitSession => ({
  net: scan.net ?? null,
  key: scan.key,
  deviceId: scan.deviceId,
  customerId: scan.customerId,
  firstAt: scan.at,
  lastAt: scan.at,
  place: scan.place && { ...scan.place, at: scan.at },
  covertBeforeSaleAt: scan.covertBeforeSale ? scan.at : null,
});

/**
 * The assessment of one scan. A rescan by someone who checked the unit before (same device, or
 * the same signed-in customer on another) is judged on the sessions before it, so it never raises
 * the level; a new person's scan is judged with them included. One rescan is judged anew: one that
 * gives its session the place its first check lacked (within the hour: the verify page's offer to
 * share a location answered), judged as that first check would have been with the place.
 */
export function assessRisk(input: RiskInput): RiskAssessment {
  const { sessions, scan, settings } = input;
  // The people before this scan are grouped once: a new person's scan adds one of their own.
  const beforeWho = peopleOf(sessions, settings, scan.at);
  const bound = input.witnessBound ?? UNCORROBORATED_WITNESSES;
  const judgeBefore = () => bounded(findingsOf(beforeWho, input.claim, settings, scan.at, input), beforeWho, bound);
  const ownRescan = isOwnRescan(sessions, scan);
  const placed = ownRescan ? withPlaceGiven(sessions, scan) : null;
  const nowWho = placed ? peopleOf(placed, settings, scan.at) : ownRescan ? beforeWho : withNewPerson(beforeWho, sessionOfScan(scan), settings, scan.at);
  const before = ownRescan ? judgeBefore() : null;
  const now = ownRescan && !placed ? before! : bounded(findingsOf(nowWho, input.claim, settings, scan.at, input), nowWho, bound);
  // A new person's scan only adds evidence (addsEvidenceOnly), so the level before it is at most the
  // level with it: 'none' when that is (most scans: the rules need not run twice), else judged.
  const nowLevel = levelOf(now);
  const previousLevel = before ? levelOf(before) : addsEvidenceOnly(input) && nowLevel === 'none' ? 'none' : levelOf(judgeBefore());
  const evidenceLevel = maxLevel(nowLevel, previousLevel);
  // The brand's own decision is corroborated suspicion: suspect whatever the checks say.
  const unitLevel: RiskLevel = input.brandMarked ? 'suspect' : evidenceLevel;
  // The verdict is about the pack in this person's hand: the customer who claimed it with its
  // hidden code holds the pack the code was made for, and is never told it may be a copy.
  const claimant = !!input.claim && scan.customerId !== null && scan.customerId === input.claim.customerId;
  const level = claimant && unitLevel === 'suspect' ? 'caution' : unitLevel;
  const reasons: string[] = [];
  const reasonCodes: RiskReason[] = [];
  const say = (text: string, reason: RiskReason) => {
    reasons.push(text);
    reasonCodes.push(reason);
  };
  if (input.verifiedCount === 0 || !input.firstVerifiedAt) {
    say('First check of this pack.', { code: 'firstCheck' });
  } else {
    const people = nowWho.groups.length;
    const count = input.verifiedCount + 1;
    // Where the pack was first seen: the earliest known place of the unit (the first such session
    // on a tie, as a stable sort would give).
    // The unit keeps it (firstPlace), so it is not lost once more sessions than the read takes came after.
    let first: UnitSession['place'] = input.firstPlace ?? null;
    // Only a place someone gave: an address place is the network's gateway, never where the pack was.
    for (const x of sessions) if (x.place && !x.place.fromIp && (!first || x.place.at.getTime() < first.at.getTime())) first = x.place;
    const name = first && input.placeName ? input.placeName(first) : null;
    const near = name ? ` near ${name}` : '';
    say(`First verified on ${DAY_FORMAT.format(input.firstVerifiedAt)}${near}. Verified ${count} ${count === 1 ? 'time' : 'times'} since, by ${people} ${people === 1 ? 'person' : 'different people'}.`, {
      code: 'history',
      values: { date: isoDay(input.firstVerifiedAt), count, people, ...(name ? { place: name } : {}) },
    });
    if (ownRescan) say(OWN_RESCAN_REASON, { code: 'ownRescan' });
  }
  if (claimant && unitLevel === 'suspect') say(CLAIMANT_REASON, { code: 'claimant' });
  else {
    if (input.brandMarked) say(BRAND_MARKED_REASON, { code: 'brandMarked' });
    for (const f of now) say(f.reason, f.why);
  }
  if (level === 'none' && input.verifiedCount > 0) say('Nothing unusual about its checks.', { code: 'nothingUnusual' });
  return { level, unitLevel, evidenceLevel, reasons, reasonCodes, findings: now, ownRescan, previousLevel, askLocation: unitLevel !== 'suspect' && asksForPlace(sessions, scan) };
}

/**
 * Whether a new person's scan (not an own rescan) can only add to the evidence, so that the unit's
 * level with it is at least its level before it: every rule counts people, places, journeys,
 * arrivals or witnesses that a person checking last only adds to (they come last in time, on one
 * network, so no earlier witness or arrival is split or merged), except `destination` (a person at
 * home undoes it) and the claimant checking on a session older than those read (their place is
 * where the pack is known, which can make a late arrival no longer far).
 */
function addsEvidenceOnly(input: RiskInput): boolean {
  if (input.claim && input.scan.customerId === input.claim.customerId) return false;
  return !(input.settings.neverIssuedHere !== 'off' && input.markets?.length && input.countryOf);
}

/**
 * What the brand's red flag records of a unit that has just become suspect (lib/api/verify/red-flag.ts):
 * the rules that find it suspect, and the reasons as the brand reads them.
 */
export type RedFlagEvidence = { rules: RiskRule[]; reasons: string[] };

/**
 * The red flag's evidence from findings of the unit (`findings`, bounded like every assessment),
 * after `context` (the unit's history line, when a scan's assessment gives one); null when none of
 * them finds the unit suspect, so no flag is ever raised without a suspect rule behind it.
 */
export function redFlagEvidenceOf(list: readonly RiskFinding[], context: readonly string[] = []): RedFlagEvidence | null {
  const rules = [...new Set(list.filter((f) => f.level === 'suspect').map((f) => f.rule))];
  return rules.length ? { rules, reasons: [...context, ...list.map((f) => f.reason)] } : null;
}

/**
 * The red flag's evidence from a scan's assessment, when the unit is suspect: its findings and its
 * history line, never what only this scan's customer was told (that they checked it before, or,
 * for the claimant, the words shown in place of the findings).
 */
export function redFlagEvidence(a: RiskAssessment): RedFlagEvidence | null {
  // The checks' own evidence only: a brand's mark opened (or joined) its flag from the console.
  if (a.evidenceLevel !== 'suspect') return null;
  const told = new Set([OWN_RESCAN_REASON, CLAIMANT_REASON, BRAND_MARKED_REASON, ...a.findings.map((f) => f.reason)]);
  return redFlagEvidenceOf(a.findings, a.reasons.filter((r) => !told.has(r)));
}
