import { assessRisk, CLAIMANT_REASON, DEFAULT_RISK_SETTINGS, findings, OWN_RESCAN_REASON, redFlagEvidence, redFlagEvidenceOf, UNCORROBORATED_WITNESSES, type CurrentScan, type Place, type UnitSession } from '@/lib/domain/risk';

// Bounded influence (docs/verification.md, "Bounded influence"): no one network, device or account,
// nor any three of them together, moves a unit above caution; suspect needs evidence from more
// unrelated networks than that. And the customer who claimed the unit is never told it may be a copy.

const CITIES: Place[] = [
  { lat: 18.52, lng: 73.86 }, // Pune
  { lat: 28.61, lng: 77.21 }, // Delhi
  { lat: 22.57, lng: 88.36 }, // Kolkata
  { lat: 13.08, lng: 80.27 }, // Chennai
  { lat: 26.91, lng: 75.79 }, // Jaipur
  { lat: 23.02, lng: 72.57 }, // Ahmedabad
  { lat: 17.39, lng: 78.49 }, // Hyderabad
  { lat: 25.59, lng: 85.14 }, // Patna
];
const T0 = new Date('2026-03-12T10:00:00Z');
const h = (hours: number) => new Date(T0.getTime() + hours * 3_600_000);
let n = 0;
function session(net: string, place: Place | null, at: number, over: Partial<UnitSession> = {}): UnitSession {
  n += 1;
  return { key: `dv_b${n}`, deviceId: `dv_b${n}`, customerId: null, firstAt: h(at), lastAt: h(at), place: place && { ...place, at: h(at) }, net, ...over };
}
const scanOf = (net: string, place: Place | null, at: number, over: Partial<CurrentScan> = {}): CurrentScan => ({
  key: `dv_now${++n}`,
  deviceId: `dv_now${n}`,
  customerId: null,
  at: h(at),
  place,
  net,
  ...over,
});
const claim = { customerId: 'cu_buyer', claimedAt: h(1) };
const buyer = () => session('net-home', CITIES[0]!, 0, { customerId: 'cu_buyer' });
const assess = (sessions: UnitSession[], scan: CurrentScan, c: typeof claim | null = claim) =>
  assessRisk({ sessions, scan, firstVerifiedAt: T0, verifiedCount: sessions.length, claim: c, settings: DEFAULT_RISK_SETTINGS });

it('is three witnesses', () => expect(UNCORROBORATED_WITNESSES).toBe(3));

it('one network with cleared cookies in eight cities, minutes apart, never makes a claimed unit suspect', () => {
  const forged = CITIES.slice(1).map((p, i) => session('net-attacker', p, 2 + i / 60));
  const risk = assess([buyer(), ...forged], scanOf('net-attacker', CITIES[7]!, 3));
  expect(risk.unitLevel).toBe('caution');
  expect(risk.findings.some((f) => f.level === 'suspect')).toBe(false);
});

it('three networks together, with invented places at impossible speed and late arrivals, stay at caution', () => {
  const nets = ['net-a', 'net-b', 'net-c'];
  const forged = nets.flatMap((net, i) => [session(net, CITIES[i + 1]!, 60 + i), session(net, CITIES[i + 4]!, 120 + i)]);
  for (const net of nets) {
    const risk = assess([buyer(), ...forged], scanOf(net, CITIES[7]!, 130));
    expect(risk.unitLevel).not.toBe('suspect');
    expect(risk.previousLevel).not.toBe('suspect');
  }
});

it('copies checked on seven unrelated networks in seven cities are suspect, with the places rule corroborated', () => {
  const copies = CITIES.slice(1, 7).map((p, i) => session(`net-${i}`, p, 60 + 24 * i));
  const risk = assess([buyer(), ...copies], scanOf('net-7', CITIES[7]!, 300));
  expect(risk.unitLevel).toBe('suspect');
  expect(risk.findings.find((f) => f.rule === 'places')?.level).toBe('suspect');
});

it('a device seen on several networks joins them into one witness', () => {
  // The attacker's one phone (one device id) on six networks: still one witness.
  const copies = CITIES.slice(1, 7).map((p, i) => session(`net-${i}`, p, 60 + 24 * i, { deviceId: 'dv_attacker' }));
  const risk = assess([buyer(), ...copies], scanOf('net-7', CITIES[7]!, 300, { deviceId: 'dv_attacker' }));
  expect(risk.unitLevel).not.toBe('suspect');
});

it('tells the customer who claimed the unit that copies of its code circulate, never that their pack may be one', () => {
  const copies = CITIES.slice(1, 8).map((p, i) => session(`net-${i}`, p, 60 + 24 * i));
  const risk = assess([buyer(), ...copies], scanOf('net-home', CITIES[0]!, 400, { customerId: 'cu_buyer', key: 'c:cu_buyer', deviceId: null }));
  expect(risk.unitLevel).toBe('suspect');
  expect(risk.level).toBe('caution');
  expect(risk.reasons).toContain(CLAIMANT_REASON);
  expect(risk.reasons.join(' ')).not.toMatch(/may have been copied/);
  // Anyone else checking the code is told.
  const other = assess([buyer(), ...copies], scanOf('net-9', CITIES[3]!, 400));
  expect(other.level).toBe('suspect');
});

describe('the red flag\'s evidence (lib/api/verify/red-flag.ts takes only this)', () => {
  const copies = () => CITIES.slice(1, 8).map((p, i) => session(`net-${i}`, p, 60 + 24 * i));

  it('comes from a scan\'s assessment only when the unit is suspect: its suspect rules, the history and every finding\'s reason', () => {
    const risk = assess([buyer(), ...copies()], scanOf('net-9', CITIES[7]!, 400));
    expect(risk.unitLevel).toBe('suspect');
    const evidence = redFlagEvidence(risk)!;
    expect(evidence.rules).toEqual([...new Set(risk.findings.filter((f) => f.level === 'suspect').map((f) => f.rule))]);
    expect(evidence.rules).toContain('places');
    expect(evidence.reasons[0]).toMatch(/^First verified on /);
    expect(evidence.reasons.slice(1)).toEqual(risk.findings.map((f) => f.reason));
    // not suspect: no evidence, so no flag
    expect(redFlagEvidence(assess([buyer()], scanOf('net-1', CITIES[1]!, 30)))).toBeNull();
  });

  it('records the findings, not the claimant\'s words nor an own rescan, when the claimant\'s scan is the one that finds the unit suspect', () => {
    const risk = assess([buyer(), ...copies()], scanOf('net-home', CITIES[0]!, 400, { customerId: 'cu_buyer', key: 'c:cu_buyer', deviceId: null }));
    expect([risk.level, risk.unitLevel]).toEqual(['caution', 'suspect']);
    const evidence = redFlagEvidence(risk)!;
    expect(evidence.reasons).not.toContain(CLAIMANT_REASON);
    expect(evidence.reasons).not.toContain(OWN_RESCAN_REASON);
    expect(evidence.reasons.slice(1)).toEqual(risk.findings.map((f) => f.reason));
    expect(evidence.rules).toContain('places');
  });

  it('comes from the unit\'s own bounded findings when no scan of the unit brings it (a made-up hidden code typed after a check)', () => {
    const sessions = [buyer(), ...copies()];
    const found = findings(sessions, claim, DEFAULT_RISK_SETTINGS, h(400));
    expect(redFlagEvidenceOf(found)).toEqual({ rules: [...new Set(found.filter((f) => f.level === 'suspect').map((f) => f.rule))], reasons: found.map((f) => f.reason) });
    // three witnesses are no evidence: findings are bounded, and caution raises no flag
    const few = findings([buyer(), ...copies().slice(0, 3)], claim, DEFAULT_RISK_SETTINGS, h(400));
    expect(few.some((f) => f.level === 'suspect')).toBe(false);
    expect(redFlagEvidenceOf(few)).toBeNull();
    expect(redFlagEvidenceOf([])).toBeNull();
  });
});
