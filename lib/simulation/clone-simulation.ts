import 'server-only';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { brandApi } from '@/lib/api/app';
import { getDb } from '@/lib/db/client';
import { inArray } from 'drizzle-orm';
import { customers, scans, sessions } from '@/lib/db/schema';
import { signAccessToken } from '@/lib/auth/access-token';
import { randomId } from '@/lib/ids';
import { issueDeviceId, newDeviceId } from '@/lib/edge/device-id';
import { sessionSecret } from '@/lib/auth/keys';
import { runOperatorCommand } from '@/lib/operator/commands';
import { setScanClockForSimulation } from '@/lib/clock';
import { loadIpPlaces } from '@/lib/places/ip-place';
import { placeNameOf } from '@/lib/places/gazetteer';

// The clone-detection simulation (docs/verification.md, "Risk", "Simulation"): one brand, a
// population generated from a fixed seed, every scan sent through the real Brand API over HTTP,
// days of scans replayed in seconds with the scan clock set in this process. Genuine customers:
// a shop demonstrating the pack, its buyer (pre sale, claim, rescans, signed in on another phone
// on a trip with the pack), family on other phones, a gift moved to another city. Counterfeiters:
// one genuine visible code copied onto N packs sold in N other cities; covert codes copied
// before sale onto M packs. Every person has their own phone (device id). A share of people
// (ipOnlyShare) shares no location: the API places them by their request address (the offline
// IP-to-city database), and each of those phones reaches the API through one of a few carrier
// gateways, chosen regardless of where the phone is, as carrier-grade NAT does: a family in Pune
// may come out in Delhi and Bengaluru. Who shares and which gateway come from a second generator
// (seed + 1), so the rest of the population is the same whatever the share. When a verify answer
// asks for the location (risk.askLocation: the verify page's offer), a share of those asked
// (offerShare) shares it with a rescan half a minute later; who would come from a third generator
// (seed + 2), so the population is the same whatever that share.

export type SimulationOptions = {
  seed: number;
  genuineUnits: number;
  copiedCodes: number;
  packsPerCopy: number;
  copiedCoverts: number;
  packsPerCovert: number;
  /** The share of people who share no location (placed by their gateway's address). */
  ipOnlyShare: number;
  /**
   * The share of those people who, asked by the verify page (risk.askLocation), share their
   * location then, with a rescan half a minute later. 0: nobody does (the worst case).
   */
  offerShare: number;
  /** Units of each after-sales family (service visits, late household, busy shelf, resale, shared link). */
  lifeUnits: number;
  /** Codes copied onto packs sold before the genuine pack, in each of its two families (its own city, other cities). */
  copiesBefore: number;
  /** Copied packs of each such code. */
  packsBefore: number;
  /** Genuine claimed units each attacked by one forger (up to three addresses, invented ids, places, cleared cookies). */
  forgedUnits: number;
};
export const FULL_SIMULATION: SimulationOptions = { seed: 20261124, genuineUnits: 300, copiedCodes: 100, packsPerCopy: 6, copiedCoverts: 30, packsPerCovert: 3, ipOnlyShare: 0.4, offerShare: 0, lifeUnits: 60, copiesBefore: 50, packsBefore: 5, forgedUnits: 30 };
export const SMALL_SIMULATION: SimulationOptions = { seed: 7, genuineUnits: 12, copiedCodes: 4, packsPerCopy: 5, copiedCoverts: 2, packsPerCovert: 3, ipOnlyShare: 0.4, offerShare: 0, lifeUnits: 2, copiesBefore: 2, packsBefore: 5, forgedUnits: 2 };

/** The genuine families, each reported on its own (docs/verification.md, "Simulation"). */
export const GENUINE_FAMILIES = ['purchase', 'service', 'lateHousehold', 'busyShelf', 'resale', 'sharedLink', 'forged'] as const;
export type GenuineFamily = (typeof GENUINE_FAMILIES)[number];
type FamilyMeasure = { people: number; shownCaution: number; shownSuspect: number };
/**
 * Copies sold first: how many codes are suspect by their 3rd and 5th copy, and why those not suspect
 * by the 5th are not: at that copy's check, the buyers of the earlier copies who had typed a made-up
 * hidden code were on fewer than four networks (`beyondTheBound`: taking three witnesses away leaves
 * at most the 5th shopper, who has shown nothing, so no rule may call it suspect), or on four or more
 * (`missedByTheRules`).
 */
type CopyMeasure = { codes: number; packs: number; suspectBy3rdCopy: number; suspectBy5thCopy: number; notBy5th: { beyondTheBound: number; missedByTheRules: number } };
/**
 * The genuine pack sold after its copies: its buyer's answers before the claim (a shopper at the
 * shelf, whose code is copied), the claimant's after it, and their household's.
 */
type BuyerAfterCopies = { buyers: number; shownSuspectBeforeClaim: number; claimantsShownSuspect: number; households: number; householdsShownSuspect: number };

/**
 * Carrier gateways: addresses the shipped DB-IP database places in these cities (checked in
 * tests/api/risk-rules.test.ts for some of them). Phones anywhere in the country come out at one.
 */
const GATEWAYS = [
  '49.36.0.1', // Navi Mumbai
  '182.64.0.1', // New Delhi
  '117.200.0.1', // Bengaluru
  '223.176.0.1', // Chennai
  '49.204.0.1', // Hyderabad
  '223.191.0.1', // Kolkata
  '27.60.0.1', // Patna
] as const;

export type SimulationReport = {
  seed: number;
  scans: number;
  genuine: { units: number; people: number; peoplePlacedByAddress: number; scans: number; peopleShownCaution: number; peopleShownSuspect: number };
  /**
   * Copies sold after the genuine pack. `notBy5th`: the codes not suspect by their 5th foreign scan,
   * by how many of the six people up to then (the genuine buyer, five shoppers) gave a place (index
   * 0 to 6). Places are the only evidence of these shoppers (they never type a hidden code), and a
   * place rule's finding must stand whichever three witnesses are taken away: three far places need
   * six people who gave one, two late far arrivals five shoppers who did.
   */
  copies: { codes: number; packs: number; packsPlacedByAddress: number; suspectBy2ndForeignScan: number; suspectBy3rdForeignScan: number; suspectBy5thForeignScan: number; notBy5th: number[] };
  coverts: { codes: number; packs: number; genuinePostSaleForASecondCustomer: number };
  /** Genuine people by family: how many, and how many were ever shown caution or suspect. */
  families: Record<GenuineFamily, FamilyMeasure>;
  /** Copies sold before the genuine pack: in its own city, and in 2–4 other cities. */
  copiesBefore: { here: CopyMeasure; elsewhere: CopyMeasure; genuine: BuyerAfterCopies };
  /**
   * Forgers against genuine units: their requests, those refused (an invented device id), answers
   * above caution to anyone on those units (forgers included), red flags on them.
   */
  forgery: { units: number; requests: number; refused: number; answersAboveCaution: number; redFlags: number };
  /** Link-preview fetches sent, and those that recorded a check (the unit's count moved). */
  previews: { sent: number; recorded: number };
  /** Answers that asked for the location (risk.askLocation), and the rescans that shared it. */
  locationOffers: { asked: number; shared: number };
  /**
   * Places named in answers ("first verified near X", the places a reason lists): how many names
   * were given, and how many were not the name of a place where the unit really was checked (by
   * anyone, the answer's own check included) up to then. A right name is the gazetteer's name for
   * such a place, so within 30 km of it (docs/verification.md: within 50 km of the check it describes).
   */
  places: { named: number; notNearACheck: number; examples: string[] };
  redFlags: number;
};

const CITIES = [
  { name: 'Pune', lat: 18.52, lng: 73.86 },
  { name: 'Mumbai', lat: 19.08, lng: 72.88 },
  { name: 'Delhi', lat: 28.61, lng: 77.21 },
  { name: 'Bengaluru', lat: 12.97, lng: 77.59 },
  { name: 'Chennai', lat: 13.08, lng: 80.27 },
  { name: 'Kolkata', lat: 22.57, lng: 88.36 },
  { name: 'Hyderabad', lat: 17.39, lng: 78.49 },
  { name: 'Ahmedabad', lat: 23.02, lng: 72.57 },
  { name: 'Jaipur', lat: 26.91, lng: 75.79 },
  { name: 'Lucknow', lat: 26.85, lng: 80.95 },
  { name: 'Bhopal', lat: 23.26, lng: 77.41 },
  { name: 'Nagpur', lat: 21.15, lng: 79.09 },
] as const;
type City = (typeof CITIES)[number];

/** mulberry32: a small seeded generator, the same sequence for the same seed everywhere. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (lo: number, hi: number) => lo + next() * (hi - lo),
    chance: (p: number) => next() < p,
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!,
    /** k distinct items, none of `except`. */
    distinct: <T>(list: readonly T[], k: number, except: readonly T[] = []) => {
      const pool = list.filter((x) => !except.includes(x));
      const out: T[] = [];
      while (out.length < k && pool.length) out.push(pool.splice(Math.floor(next() * pool.length), 1)[0]!);
      return out;
    },
  };
}

/** A hidden code as a copy's panel would print it: the shape of a real one, made up. */
function inventedQrId(rnd: ReturnType<typeof prng>): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  let out = '';
  for (let i = 0; i < 17; i++) out += alphabet[Math.floor(rnd.next() * alphabet.length)];
  return out;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Person = { id: string; family: GenuineFamily | null; genuine: boolean; device: string; token: string | null; levels: string[]; sharesPlace: boolean; gateway: string; sharesWhenAsked: boolean; address: string };
type Tag = { copy: number; foreign: boolean } | { covert: number } | { before: 'here' | 'elsewhere'; code: number } | { forged: number };
type ScanEvent = {
  at: number;
  person: Person;
  route: string;
  qrId: string;
  city: City | null;
  seq: number;
  tag?: Tag;
  /** How the request is sent when not as a person's phone: a link preview's fetcher, or a forger's trick. */
  as?: { preview: string } | { forger: 'no device' | 'cleared cookie' | 'invented id'; place: Place | null };
};
type Place = { lat: number; lng: number };

/** Link-preview fetchers' own user agents (a shared verify link on WhatsApp, Telegram, Facebook, Slack). */
const PREVIEW_AGENTS = ['WhatsApp/2.23.20.0 A', 'TelegramBot (like TwitterBot)', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)'];

export async function runCloneSimulation(opts: SimulationOptions): Promise<SimulationReport> {
  const rnd = prng(opts.seed);
  const net = prng(opts.seed + 1);
  const asked = prng(opts.seed + 2);
  const db = await getDb();
  const slug = `sim-${opts.seed}-${Date.now().toString(36)}`;
  const domain = `${slug}.localhost`;
  const brand = (await runOperatorCommand('create', {
    slug,
    name: 'Simulated Brand',
    domains: [domain],
    config: { flags: { isRedFlaggingEnabled: true, isWarrantyEnabled: true } },
  })) as { id: string };
  const product = (await runOperatorCommand('create-product', { slug, name: 'Simulated Serum', warrantyMonths: 12 })) as { id: string };
  await runOperatorCommand('create-batch', { slug, product: product.id, batchNumber: 'SIM-1', mfgDate: '2026-01-01' });
  const units = opts.genuineUnits + opts.copiedCodes + opts.copiedCoverts + 5 * opts.lifeUnits + 2 * opts.copiesBefore + opts.forgedUnits;
  await runOperatorCommand('generate-codes', { slug, batch: 'SIM-1', count: units });
  const codeRows = (await runOperatorCommand('list-codes', { slug, limit: 10_000 })) as Array<{ qrId: string; level: number; unit: string }>;
  const pairs = [...new Set(codeRows.filter((c) => c.unit).map((c) => c.unit))]
    .sort()
    .map((u) => ({ overt: codeRows.find((c) => c.unit === u && c.level === 6)!.qrId, covert: codeRows.find((c) => c.unit === u && c.level === 7)!.qrId }));

  let people = 0;
  const everyone: Person[] = [];
  const device = newDeviceId;
  let family: GenuineFamily | null = 'purchase';
  async function person(genuine: boolean, signedIn: boolean): Promise<Person> {
    people += 1;
    let token: string | null = null;
    if (signedIn) {
      const customerId = randomId('cu', 16);
      const sessionId = randomId('ses', 32);
      await db.insert(customers).values({ id: customerId, clientId: brand.id, userName: `Sim ${people}`, email: `${customerId.toLowerCase()}@sim.example`, contactVerifiedAt: new Date() });
      await db.insert(sessions).values({ id: sessionId, clientId: brand.id, customerId, expiresAt: new Date(Date.now() + 6 * HOUR) });
      token = await signAccessToken({ customerId, clientId: brand.id, sessionId }, { ttlSeconds: 6 * 3600 });
    }
    const sharesPlace = !net.chance(opts.ipOnlyShare);
    const gateway = net.pick(GATEWAYS);
    const p: Person = { id: `p${people}`, family: genuine ? family : null, genuine, device: device(), token, levels: [], sharesPlace, gateway, sharesWhenAsked: asked.chance(opts.offerShare), address: sharesPlace ? ownNetwork() : gateway };
    everyone.push(p);
    return p;
  }
  /**
   * A network of one phone's own (a home's or an office's, a private /24 without an address place):
   * where people who share their location check from. People who share none come out at a
   * carrier gateway (the worst case: the gateway is one network for everyone behind it).
   */
  let networks = 0;
  function ownNetwork(): string {
    networks += 1;
    return `10.${(networks >> 8) & 255}.${networks & 255}.7`;
  }
  /** The same customer signed in on another phone (which may reach the API through another gateway). */
  const otherPhone = (p: Person): Person => {
    const gateway = net.pick(GATEWAYS);
    return { ...p, device: device(), levels: p.levels, gateway, address: p.sharesPlace ? ownNetwork() : gateway };
  };

  const start = Date.UTC(2026, 2, 1, 9);
  const events: ScanEvent[] = [];
  let seq = 0;
  const at = (t: number, ev: Omit<ScanEvent, 'at' | 'seq'>) => events.push({ at: Math.round(t), seq: seq++, ...ev });

  // Genuine units: the pack stays home, may travel with its buyer, and may end up a gift elsewhere.
  const genuine: Person[] = [];
  for (let i = 0; i < opts.genuineUnits; i++) {
    const code = pairs[i]!;
    const home = rnd.pick(CITIES);
    const t0 = start + rnd.between(0, 20 * DAY);
    if (rnd.chance(0.5)) {
      const staff = await person(true, false);
      genuine.push(staff);
      at(t0 - rnd.between(1 * HOUR, 48 * HOUR), { person: staff, route: 'info', qrId: code.overt, city: home });
    }
    const buyer = await person(true, true);
    genuine.push(buyer);
    at(t0, { person: buyer, route: 'overt', qrId: code.overt, city: home });
    at(t0 + rnd.between(5 * 60_000, HOUR), { person: buyer, route: 'covert-post', qrId: code.covert, city: home });
    for (let r = Math.floor(rnd.between(0, 4)); r > 0; r--) at(t0 + rnd.between(HOUR, 2 * DAY), { person: buyer, route: 'overt', qrId: code.overt, city: rnd.chance(0.7) ? home : null });
    if (rnd.chance(0.5)) {
      const family = await person(true, false);
      genuine.push(family);
      at(t0 + rnd.between(HOUR, 40 * HOUR), { person: family, route: 'info', qrId: code.overt, city: home });
    }
    if (rnd.chance(0.3)) {
      // a trip with the pack: the buyer checks it signed in on another phone in another city
      at(t0 + rnd.between(3 * DAY, 5 * DAY), { person: otherPhone(buyer), route: 'overt', qrId: code.overt, city: rnd.pick(CITIES.filter((c) => c !== home)) });
    }
    if (rnd.chance(0.3)) {
      const recipient = await person(true, true);
      genuine.push(recipient);
      const city = rnd.pick(CITIES.filter((c) => c !== home));
      const tg = t0 + rnd.between(8 * DAY, 20 * DAY);
      at(tg, { person: recipient, route: 'overt', qrId: code.overt, city });
      if (rnd.chance(0.5)) at(tg + rnd.between(HOUR, 3 * DAY), { person: recipient, route: 'overt', qrId: code.overt, city });
      if (rnd.chance(0.4)) {
        // someone of the recipient's household, on their own phone, within a day or two of them
        const housemate = await person(true, false);
        genuine.push(housemate);
        at(tg + rnd.between(HOUR, 40 * HOUR), { person: housemate, route: 'info', qrId: code.overt, city });
      }
    }
  }

  // Copied visible codes: the genuine buyer at home, then N copies sold in N other cities.
  family = null; // (the genuine buyers of copied codes are not a genuine family of the report)
  const copyShoppers: Person[] = [];
  for (let c = 0; c < opts.copiedCodes; c++) {
    const code = pairs[opts.genuineUnits + c]!;
    const home = rnd.pick(CITIES);
    const t0 = start + rnd.between(0, 10 * DAY);
    const buyer = await person(true, true);
    at(t0, { person: buyer, route: 'overt', qrId: code.overt, city: home, tag: { copy: c, foreign: false } });
    at(t0 + rnd.between(5 * 60_000, HOUR), { person: buyer, route: 'covert-post', qrId: code.covert, city: home, tag: { copy: c, foreign: false } });
    for (const city of rnd.distinct(CITIES, opts.packsPerCopy, [home])) {
      const shopper = await person(false, false);
      copyShoppers.push(shopper);
      at(t0 + rnd.between(2 * HOUR, 25 * DAY), { person: shopper, route: 'info', qrId: code.overt, city, tag: { copy: c, foreign: true } });
    }
  }

  // Covert codes copied before sale: the genuine pack and M fakes, each bought and claimed by its own customer.
  for (let k = 0; k < opts.copiedCoverts; k++) {
    const code = pairs[opts.genuineUnits + opts.copiedCodes + k]!;
    for (let m = 0; m <= opts.packsPerCovert; m++) {
      const buyer = await person(m === 0, true);
      const city = rnd.pick(CITIES);
      const t = start + rnd.between(0, 20 * DAY);
      at(t, { person: buyer, route: 'overt', qrId: code.overt, city, tag: { covert: k } });
      at(t + rnd.between(5 * 60_000, HOUR), { person: buyer, route: 'covert-post', qrId: code.covert, city, tag: { covert: k } });
    }
  }


  // The after-sales families and the copies sold first (issue 27): from a generator of their own
  // (seed + 3), and people made after everyone above, so the population above is the same as before.
  const life = prng(opts.seed + 3);
  let nextUnit = opts.genuineUnits + opts.copiedCodes + opts.copiedCoverts;
  const takeUnit = () => pairs[nextUnit++]!;
  /** A genuine buyer of `fam` at `home`: pre sale, then the claim within the hour. */
  async function buys(fam: GenuineFamily, code: { overt: string; covert: string }, home: City, t0: number) {
    family = fam;
    const buyer = await person(true, true);
    at(t0, { person: buyer, route: 'overt', qrId: code.overt, city: home });
    at(t0 + life.between(5 * 60_000, HOUR), { person: buyer, route: 'covert-post', qrId: code.covert, city: home });
    return buyer;
  }
  /** Someone new of `fam` checking the visible code anonymously, on their own phone, at `city`. */
  async function looks(fam: GenuineFamily, code: { overt: string }, city: City, t: number, signedIn = false, route = 'info') {
    family = fam;
    const p = await person(true, signedIn);
    at(t, { person: p, route, qrId: code.overt, city });
    return p;
  }
  const lifeStart = () => start + life.between(0, 20 * DAY);
  for (let i = 0; i < opts.lifeUnits; i++) {
    // Service visits: an installer a few days after the claim, a technician a month or so later, both at home.
    {
      const code = takeUnit();
      const home = life.pick(CITIES);
      const t0 = lifeStart();
      await buys('service', code, home, t0);
      await looks('service', code, home, t0 + life.between(1 * DAY, 6 * DAY));
      await looks('service', code, home, t0 + life.between(20 * DAY, 45 * DAY));
    }
    // A late household check: a spouse first checking 3–7 days after the purchase, then a gift in another city.
    {
      const code = takeUnit();
      const home = life.pick(CITIES);
      const t0 = lifeStart();
      await buys('lateHousehold', code, home, t0);
      await looks('lateHousehold', code, home, t0 + life.between(3 * DAY, 7 * DAY));
      await looks('lateHousehold', code, life.pick(CITIES.filter((c) => c !== home)), t0 + life.between(10 * DAY, 30 * DAY), true, 'overt');
    }
    // A busy shelf: 7 to 9 shoppers look at the pack in its shop over 12 days, then it is bought.
    {
      const code = takeUnit();
      const home = life.pick(CITIES);
      const t0 = lifeStart() + 12 * DAY;
      for (let k = 7 + Math.floor(life.between(0, 3)); k > 0; k--) await looks('busyShelf', code, home, t0 - life.between(HOUR, 12 * DAY));
      await buys('busyShelf', code, home, t0);
      if (life.chance(0.5)) await looks('busyShelf', code, home, t0 + life.between(HOUR, 40 * HOUR));
    }
    // Resale: the buyer sells the pack a month or two later to someone in another city, who checks it twice, then their household.
    {
      const code = takeUnit();
      const home = life.pick(CITIES);
      const t0 = lifeStart();
      await buys('resale', code, home, t0);
      const there = life.pick(CITIES.filter((c) => c !== home));
      const tr = t0 + life.between(30 * DAY, 60 * DAY);
      const second = await looks('resale', code, there, tr, true, 'overt');
      at(tr + life.between(HOUR, 2 * DAY), { person: second, route: 'overt', qrId: code.overt, city: there });
      await looks('resale', code, there, tr + life.between(HOUR, 40 * HOUR));
    }
    // A shared link: the buyer sends the verify link on a messenger (its preview fetched by four
    // platforms' servers), and the friend opens it from another city within the hour.
    {
      const code = takeUnit();
      const home = life.pick(CITIES);
      const t0 = lifeStart();
      const buyer = await buys('sharedLink', code, home, t0);
      const ts = t0 + life.between(2 * HOUR, 5 * DAY);
      for (const agent of PREVIEW_AGENTS) at(ts + life.between(0, 60_000), { person: buyer, route: 'info', qrId: code.overt, city: null, as: { preview: agent } });
      await looks('sharedLink', code, life.pick(CITIES.filter((c) => c !== home)), ts + life.between(2 * 60_000, HOUR));
    }
  }

  // Copies sold before the genuine pack: in its own city, and in 2 to 4 other cities. Each copy's
  // shopper checks the visible code; its buyer (signed in) scratches the copy's panel and types the
  // hidden code printed there, which does not exist. Then the genuine pack is sold and claimed.
  const afterCopies = { buyers: [] as Person[], households: [] as Person[] };
  for (const where of ['here', 'elsewhere'] as const) {
    for (let c = 0; c < opts.copiesBefore; c++) {
      const code = takeUnit();
      const home = life.pick(CITIES);
      const t0 = lifeStart() + 20 * DAY;
      const cities = where === 'here' ? [home] : life.distinct(CITIES, 2 + Math.floor(life.between(0, 3)), [home]);
      const tag = { before: where, code: c } as const;
      family = null;
      for (let k = 0; k < opts.packsBefore; k++) {
        const city = cities[k % cities.length]!;
        const t = t0 - life.between(HOUR, 20 * DAY);
        const shopper = await person(false, true);
        at(t, { person: shopper, route: 'overt', qrId: code.overt, city, tag });
        at(t + life.between(5 * 60_000, HOUR), { person: shopper, route: 'covert-post', qrId: inventedQrId(life), city, tag });
      }
      const buyer = await buys('purchase', code, home, t0);
      buyer.family = null;
      afterCopies.buyers.push(buyer);
      if (life.chance(0.5)) {
        const housemate = await looks('purchase', code, home, t0 + life.between(HOUR, 40 * HOUR));
        housemate.family = null;
        afterCopies.households.push(housemate);
      }
    }
  }

  // Forgers: someone sets out to make a genuine, claimed pack look copied, with up to three
  // addresses (networks of their own), each request with no device, a cleared cookie (a new id the
  // server issued) or an invented id, and places anywhere. The buyer and their household check it after.
  const forgedQrIds = new Set<string>();
  for (let f = 0; f < opts.forgedUnits; f++) {
    const code = takeUnit();
    forgedQrIds.add(code.overt);
    const home = life.pick(CITIES);
    const t0 = lifeStart();
    const buyer = await buys('forged', code, home, t0);
    const addresses = Array.from({ length: 1 + Math.floor(life.between(0, 3)) }, () => ownNetwork());
    family = null;
    const forger: Person = { id: `forger${f}`, family: null, genuine: false, device: '', token: null, levels: [], sharesPlace: true, gateway: addresses[0]!, sharesWhenAsked: false, address: addresses[0]! };
    const tf = t0 + life.between(HOUR, 5 * DAY);
    for (let r = 0; r < 20; r++) {
      const trick = life.pick(['no device', 'cleared cookie', 'invented id'] as const);
      const place = life.chance(0.2) ? { lat: life.between(-10, 5), lng: life.between(60, 70) } : life.pick(CITIES);
      at(tf + r * life.between(60_000, 3 * HOUR), { person: { ...forger, address: life.pick(addresses) }, route: 'info', qrId: code.overt, city: null, tag: { forged: f }, as: { forger: trick, place } });
    }
    at(tf + 4 * DAY, { person: buyer, route: 'overt', qrId: code.overt, city: home, tag: { forged: f } });
    await looks('forged', code, home, tf + 4 * DAY + life.between(HOUR, 40 * HOUR));
  }

  events.sort((a, b) => a.at - b.at || a.seq - b.seq);

  // A server opens the address-place table in the background at start-up; here, before the first scan.
  await loadIpPlaces([4]);
  const app = brandApi();
  const server = await new Promise<http.Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as http.Server)) as http.Server;
  });
  const port = (server.address() as AddressInfo).port;
  const get = (path: string, headers: Record<string, string>) =>
    new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path, method: 'GET', headers: { host: domain, ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d) => chunks.push(d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') }));
      });
      req.on('error', reject);
      req.end();
    });

  const foreignLevels = new Map<number, string[]>();
  const covertWinners = new Map<number, Set<string>>();
  const offers = { asked: 0, shared: 0 };
  const previews = { sent: 0, recorded: 0 };
  /** The rescans that shared a location when asked, by code (a person's own check, not in events). */
  const rescans = new Map<string, number>();
  const forgery = { units: opts.forgedUnits, requests: 0, refused: 0, answersAboveCaution: 0, redFlags: 0 };
  const beforeLevels = new Map<string, string[]>();
  // Copies sold first: the networks of the buyers who have typed a made-up hidden code so far, and
  // at each copy's check how many there were (why a copy is not suspect by the 5th: CopyMeasure).
  const typedNets = new Map<string, Set<string>>();
  const netsAtCheck = new Map<string, number[]>();
  // Copies sold after: whether each person up to each foreign scan gave a place (the buyer first).
  const gavePlace = new Set<Person>();
  const placedAtScan = new Map<number, boolean[]>();
  // Where each unit (by its visible code) was really checked so far, and the names those places have.
  const unitOf = new Map<string, string>(pairs.flatMap((p) => [[p.overt, p.overt] as const, [p.covert, p.overt] as const]));
  const checkedAt = new Map<string, Set<string>>();
  const placesNamed = { named: 0, notNearACheck: 0, examples: [] as string[] };
  let clock = start;
  setScanClockForSimulation(() => new Date(clock));
  // Each phone's id as the server issues it for this brand (the verify pages' cookie): signed.
  const issued = new Map<string, string>();
  const issuedId = async (id: string) => issued.get(id) ?? issued.set(id, await issueDeviceId(domain, sessionSecret(), id)).get(id)!;
  try {
    for (const ev of events) {
      clock = ev.at;
      const as = ev.as;
      const place = as && 'forger' in as ? as.place : ev.city && ev.person.sharesPlace ? ev.city : null;
      // The truth the answer is judged by: where this check really is (a forger's claimed place is
      // all there is to know of theirs), whether or not the person shares it.
      const unit = unitOf.get(ev.qrId);
      const truly = as && 'forger' in as ? as.place : ev.city;
      if (unit && truly) {
        const name = placeNameOf(truly);
        if (name) checkedAt.set(unit, (checkedAt.get(unit) ?? new Set<string>()).add(name));
      }
      const query = place ? `?lat=${place.lat}&lng=${place.lng}` : '';
      // The API sees the gateway's address (the in-process server reads X-Forwarded-For's last entry).
      const headers: Record<string, string> = { 'x-forwarded-for': ev.person.address };
      if (!as) headers['x-device-id'] = await issuedId(ev.person.device);
      else if ('preview' in as) headers['user-agent'] = as.preview;
      else if (as.forger === 'cleared cookie') headers['x-device-id'] = await issuedId(newDeviceId());
      else if (as.forger === 'invented id') headers['x-device-id'] = `dv_${inventedQrId(life)}`;
      if (ev.person.token && !as) headers.authorization = `Bearer ${ev.person.token}`;
      const res = await get(`/api/verify/${ev.route}/${ev.qrId}${query}`, headers);
      if (as && 'preview' in as) {
        previews.sent += 1;
        if (res.status !== 200) throw new Error(`Preview refused (${res.status}): ${JSON.stringify(res.body)}`);
        continue;
      }
      if (as && 'forger' in as) {
        forgery.requests += 1;
        if (res.status === 422) {
          forgery.refused += 1;
          continue;
        }
      }
      if (res.status !== 200) throw new Error(`Scan refused (${res.status}): ${JSON.stringify(res.body)}`);
      if (ev.tag && 'forged' in ev.tag && (res.body.risk as { level?: string } | undefined)?.level === 'suspect') forgery.answersAboveCaution += 1;
      namedIn(res.body, unit);
      if (as) continue;
      const risk = res.body.risk as { level?: string; askLocation?: true } | undefined;
      const level = risk?.level ?? 'none';
      ev.person.levels.push(level);
      if (risk?.askLocation) {
        offers.asked += 1;
        // Asked by the verify page: a person who would share does, half a minute later, from where
        // they are (the same check again, with the place; what they see then counts as theirs).
        if (ev.city && ev.person.sharesWhenAsked) {
          offers.shared += 1;
          rescans.set(ev.qrId, (rescans.get(ev.qrId) ?? 0) + 1);
          clock = ev.at + 30_000;
          const again = await get(`/api/verify/${ev.route}/${ev.qrId}?lat=${ev.city.lat}&lng=${ev.city.lng}`, headers);
          if (again.status !== 200) throw new Error(`Scan refused (${again.status}): ${JSON.stringify(again.body)}`);
          namedIn(again.body, unit);
          ev.person.levels.push((again.body.risk as { level?: string } | undefined)?.level ?? 'none');
        }
      }
      if (ev.tag && 'before' in ev.tag) {
        const k = `${ev.tag.before}:${ev.tag.code}`;
        const typed = typedNets.get(k) ?? typedNets.set(k, new Set()).get(k)!;
        if (ev.route === 'overt') {
          beforeLevels.set(k, [...(beforeLevels.get(k) ?? []), level]);
          netsAtCheck.set(k, [...(netsAtCheck.get(k) ?? []), typed.size]);
        } else typed.add(ev.person.address); // the made-up hidden code (each address here is a network of its own)
      }
      if (ev.city && (ev.person.sharesPlace || (risk?.askLocation && ev.person.sharesWhenAsked))) gavePlace.add(ev.person);
      if (ev.tag && 'copy' in ev.tag) {
        const placed = placedAtScan.get(ev.tag.copy) ?? placedAtScan.set(ev.tag.copy, []).get(ev.tag.copy)!;
        if (ev.tag.foreign || placed.length === 0) placed.push(gavePlace.has(ev.person));
      }
      if (ev.tag && 'copy' in ev.tag && ev.tag.foreign) foreignLevels.set(ev.tag.copy, [...(foreignLevels.get(ev.tag.copy) ?? []), level]);
      if (ev.tag && 'covert' in ev.tag && res.body.result === 'Genuine Post Sale') {
        const set = covertWinners.get(ev.tag.covert) ?? new Set<string>();
        set.add(ev.person.token ?? ev.person.id);
        covertWinners.set(ev.tag.covert, set);
      }
    }
  } finally {
    setScanClockForSimulation(null);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Counts the place names an answer gives, and those that name no place the unit was checked at. */
  function namedIn(body: Record<string, unknown>, unit: string | undefined) {
    const codes = ((body.risk as { reasonCodes?: Array<{ code: string; values?: Record<string, string | number> }> } | undefined)?.reasonCodes ?? []);
    for (const r of codes) {
      const given = [r.values?.place, ...(typeof r.values?.names === 'string' ? r.values.names.split(', ') : [])].filter((n): n is string => typeof n === 'string' && n !== '');
      for (const name of given) {
        placesNamed.named += 1;
        if (unit && checkedAt.get(unit)?.has(name)) continue;
        placesNamed.notNearACheck += 1;
        if (placesNamed.examples.length < 5) placesNamed.examples.push(`${r.code}: ${name} for ${unit ?? 'an unknown code'}`);
      }
    }
  }
  const suspectBy = (k: number) => [...foreignLevels.values()].filter((levels) => levels.slice(0, k).includes('suspect')).length;
  const flags = (await runOperatorCommand('red-flags', { slug, status: 'all', limit: 1000 })) as Array<{ qrId: string }>;
  forgery.redFlags = flags.filter((f) => forgedQrIds.has(f.qrId)).length;
  // A preview that recorded a check would leave a scan more than the people's own on the shared code.
  const shared = new Set(events.filter((e) => e.as && 'preview' in e.as).map((e) => e.qrId));
  const ownChecks = events.filter((e) => !e.as && shared.has(e.qrId)).length + [...shared].reduce((n, q) => n + (rescans.get(q) ?? 0), 0);
  const stored = shared.size ? (await db.select({ qrIdRaw: scans.qrIdRaw }).from(scans).where(inArray(scans.qrIdRaw, [...shared]))).length : 0;
  previews.recorded = stored - ownChecks;
  const familyOf = (fam: GenuineFamily): FamilyMeasure => {
    const who = everyone.filter((p) => p.family === fam);
    return { people: who.length, shownCaution: who.filter((p) => p.levels.includes('caution')).length, shownSuspect: who.filter((p) => p.levels.includes('suspect')).length };
  };
  const copyMeasure = (where: 'here' | 'elsewhere'): CopyMeasure => {
    const lists = [...beforeLevels.entries()].filter(([k]) => k.startsWith(`${where}:`)).map(([, v]) => v);
    const by = (k: number) => lists.filter((l) => l.slice(0, k).includes('suspect')).length;
    const missed = [...beforeLevels.keys()].filter((k) => k.startsWith(`${where}:`) && !beforeLevels.get(k)!.slice(0, 5).includes('suspect'));
    const beyond = missed.filter((k) => Math.max(...netsAtCheck.get(k)!.slice(0, 5)) < 4).length;
    return {
      codes: opts.copiesBefore,
      packs: opts.copiesBefore * opts.packsBefore,
      suspectBy3rdCopy: by(3),
      suspectBy5thCopy: by(5),
      notBy5th: { beyondTheBound: beyond, missedByTheRules: missed.length - beyond },
    };
  };
  return {
    seed: opts.seed,
    scans: events.length,
    genuine: {
      units: opts.genuineUnits,
      people: genuine.length,
      peoplePlacedByAddress: genuine.filter((p) => !p.sharesPlace).length,
      scans: genuine.reduce((n, p) => n + p.levels.length, 0),
      peopleShownCaution: genuine.filter((p) => p.levels.includes('caution')).length,
      peopleShownSuspect: genuine.filter((p) => p.levels.includes('suspect')).length,
    },
    copies: {
      codes: opts.copiedCodes,
      packs: opts.copiedCodes * opts.packsPerCopy,
      packsPlacedByAddress: copyShoppers.filter((p) => !p.sharesPlace).length,
      suspectBy2ndForeignScan: suspectBy(2),
      suspectBy3rdForeignScan: suspectBy(3),
      suspectBy5thForeignScan: suspectBy(5),
      notBy5th: [...foreignLevels.entries()].reduce(
        (n, [c, levels]) => {
          if (!levels.slice(0, 5).includes('suspect')) n[placedAtScan.get(c)!.slice(0, 6).filter(Boolean).length]! += 1;
          return n;
        },
        [0, 0, 0, 0, 0, 0, 0],
      ),
    },
    coverts: {
      codes: opts.copiedCoverts,
      packs: opts.copiedCoverts * opts.packsPerCovert,
      genuinePostSaleForASecondCustomer: [...covertWinners.values()].filter((s) => s.size > 1).length,
    },
    families: Object.fromEntries(GENUINE_FAMILIES.map((f) => [f, familyOf(f)])) as Record<GenuineFamily, FamilyMeasure>,
    copiesBefore: {
      here: copyMeasure('here'),
      elsewhere: copyMeasure('elsewhere'),
      genuine: {
        buyers: afterCopies.buyers.length,
        // levels: [pre sale, the claim, …]
        shownSuspectBeforeClaim: afterCopies.buyers.filter((p) => p.levels[0] === 'suspect').length,
        claimantsShownSuspect: afterCopies.buyers.filter((p) => p.levels.slice(1).includes('suspect')).length,
        households: afterCopies.households.length,
        householdsShownSuspect: afterCopies.households.filter((p) => p.levels.includes('suspect')).length,
      },
    },
    forgery,
    previews,
    locationOffers: offers,
    places: placesNamed,
    redFlags: flags.length,
  };
}
