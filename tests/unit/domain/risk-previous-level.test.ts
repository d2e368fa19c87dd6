import { assessRisk, DEFAULT_RISK_SETTINGS, findings, type CurrentScan, type Place, type RiskLevel, type UnitSession } from '@/lib/domain/risk';

// The level before a scan (previousLevel, which tells when a unit becomes suspect and raises the
// brand's red flag) is judged only when it can differ from the level with the scan: a new person's
// scan only adds evidence, so when the unit's level with it is 'none' the level before it is too
// (lib/domain/risk.ts, addsEvidenceOnly). This checks that shortcut against judging the sessions
// before the scan in full, over many generated units: shelves, households, copies in far cities,
// forgers on a few networks, claims, address places, people on one network, the bound and without it.

const CITIES: Place[] = [
  { lat: 18.52, lng: 73.86 },
  { lat: 28.61, lng: 77.21 },
  { lat: 22.57, lng: 88.36 },
  { lat: 13.08, lng: 80.27 },
  { lat: 26.91, lng: 75.79 },
  { lat: 23.02, lng: 72.57 },
];
const T0 = Date.parse('2026-03-12T10:00:00Z');
const HOUR = 3_600_000;
const RANK: Record<RiskLevel, number> = { none: 0, caution: 1, suspect: 2 };
const levelOf = (list: ReturnType<typeof findings>): RiskLevel => list.reduce<RiskLevel>((l, f) => (RANK[f.level] > RANK[l] ? f.level : l), 'none');

/** mulberry32, so that every run checks the same units. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

it('previousLevel is the level of the sessions before the scan, judged in full, for new people and own rescans alike', () => {
  const rnd = prng(27);
  const pick = <T,>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const seen: Record<string, number> = {};
  for (let unit = 0; unit < 600; unit++) {
    const people = 1 + Math.floor(rnd() * 12);
    const nets = 1 + Math.floor(rnd() * 8);
    const sessions: UnitSession[] = [];
    let at = T0;
    for (let i = 0; i < people; i++) {
      at += rnd() * 4 * 24 * HOUR;
      const place = rnd() < 0.3 ? null : { ...pick(CITIES), at: new Date(at), ...(rnd() < 0.3 ? { fromIp: true } : {}) };
      const customerId = rnd() < 0.4 ? `cu_${i % 5}` : null;
      sessions.push({
        key: `dv_${unit}_${i}`,
        deviceId: rnd() < 0.9 ? `dv_${unit}_${i}` : null,
        customerId,
        firstAt: new Date(at),
        lastAt: new Date(at + rnd() * 2 * HOUR),
        place,
        net: `net-${Math.floor(rnd() * nets)}`,
        falseHiddenAt: rnd() < 0.1 ? new Date(at) : null,
        covertBeforeSaleAt: rnd() < 0.05 ? new Date(at) : null,
      });
    }
    const claimed = rnd() < 0.6 && sessions.some((s) => s.customerId);
    const claim = claimed ? { customerId: sessions.find((s) => s.customerId)!.customerId!, claimedAt: new Date(sessions.find((s) => s.customerId)!.firstAt.getTime() + HOUR) } : null;
    const own = rnd() < 0.3 ? pick(sessions) : null;
    const scanAt = new Date(at + rnd() * 3 * 24 * HOUR);
    const scan: CurrentScan = own
      ? { key: own.key, deviceId: own.deviceId, customerId: own.customerId, at: scanAt, place: rnd() < 0.5 ? pick(CITIES) : null, net: own.net }
      : { key: `dv_${unit}_now`, deviceId: `dv_${unit}_now`, customerId: rnd() < 0.2 && claim ? claim.customerId : null, at: scanAt, place: rnd() < 0.7 ? pick(CITIES) : null, net: `net-${Math.floor(rnd() * (nets + 2))}` };
    const witnessBound = rnd() < 0.5 ? 0 : 3;
    const risk = assessRisk({ sessions, scan, firstVerifiedAt: new Date(T0), verifiedCount: sessions.length, claim, settings: DEFAULT_RISK_SETTINGS, witnessBound });
    const judged = levelOf(findings(sessions, claim, DEFAULT_RISK_SETTINGS, scanAt, {}, witnessBound));
    expect({ unit, previousLevel: risk.previousLevel }).toEqual({ unit, previousLevel: judged });
    // The unit's level is never below the level before the scan.
    expect(RANK[risk.evidenceLevel]).toBeGreaterThanOrEqual(RANK[judged]);
    const k = `${own ? 'own' : 'new'}:${judged}`;
    seen[k] = (seen[k] ?? 0) + 1;
  }
  // The generated units reach every level before the scan, for new people and own rescans.
  for (const k of ['new:none', 'new:caution', 'new:suspect', 'own:none', 'own:caution', 'own:suspect']) expect(seen[k] ?? 0).toBeGreaterThan(0);
});
