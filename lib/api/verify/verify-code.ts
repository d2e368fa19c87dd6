import 'server-only';
import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db/client';
import { preparedPerDb } from '@/lib/db/prepared';
import { claims, codes, scans, unitSessions } from '@/lib/db/schema';
import { assessRisk, findings, redFlagEvidence, redFlagEvidenceOf, type KnownPlace, type RiskAssessment, type UnitSession } from '@/lib/domain/risk';
import { claimsUnit, computeVerdict, type VerdictInput, type VerifyRoute } from '@/lib/domain/verdict';
import { randomId } from '@/lib/ids';
import { scanClock } from '@/lib/clock';
import { countryOf, placeNameOf, townNameOf } from '@/lib/places/gazetteer';
import { ipPlaceOf } from '@/lib/places/ip-place';
import { env } from '@/lib/edge/env';
import type { VisitKind } from '@/lib/domain/visitor';
import type { StoredClientConfig } from '@/lib/schemas/client-config';
import type { VerifyResponse } from '@/lib/schemas/verify';
import { readCodeForVerify, type CodeForVerify } from './read-code';
import { shapeBatch, shapeProduct, todayIso } from './shape';
import { raiseRedFlag } from './red-flag';
import { isEvidenceWorthy } from './evidence';

// One scan of one code on one route: read (one query), judge (lib/domain/verdict.ts), claim the
// unit when a post-sale scan earns it, record the scan, answer. The claim is an insert guarded by
// the primary key of claims (unit id) inside the transaction that records the scan: of many
// concurrent post-sale scans exactly one inserts; the others re-read the owner and are judged again.
// A scan that claims nothing is one insert, outside any transaction.

export type ScanContext = {
  clientId: string;
  config: StoredClientConfig;
  customerId: string | null;
  location: { lat: number | null; lng: number | null };
  ipHash: string;
  /** The request address's network (keyed hash of its /24 or /48, scan-guard.ts networkOf). Absent: none known. */
  netKey?: string | null;
  /** The first-party device id from the cookie (or header), when well-formed; else null. */
  deviceId: string | null;
  /** What the customer scanned or typed, kept (truncated) with the scan. */
  raw: string;
  /**
   * The request address, only to find a coarse place when the customer shares none (an offline
   * IP-to-city database, lib/places/ip-place.ts); never stored. Absent: no address place.
   */
  ip?: string | null;
  /**
   * Who asked (lib/domain/visitor.ts): only a person's check is recorded and judged. A preview
   * fetcher, a crawler, a HEAD request or a prefetch gets the product and the label the
   * anonymous info route would give, and nothing is recorded. Absent: a person.
   */
  visit?: VisitKind;
};

/** Every column of a scan, given (a new column must be given here too: the insert below names them all). */
type ScanRow = Required<typeof scans.$inferInsert>;
const everyScanColumn = Object.fromEntries(Object.keys(getTableColumns(scans)).map((key) => [key, sql.placeholder(key)]));
/** The scan's insert, prepared once (most scans are this one statement, docs/benchmarks.md). */
const insertScan = preparedPerDb((db) =>
  db
    .insert(scans)
    .values(everyScanColumn as unknown as ScanRow)
    .prepare('verify_scan_insert'),
);

function verdictInput(ctx: ScanContext, route: VerifyRoute, row: CodeForVerify, claim: { customerId: string } | null): VerdictInput {
  return {
    clientId: ctx.clientId,
    route,
    code: row && { clientId: row.clientId, level: row.level, status: row.status, listStatus: row.listStatus, isBatchLevel: row.isBatchLevel },
    batch: row?.batch ?? null,
    claim,
    customerId: ctx.customerId,
    hasPreSaleScan: row?.hasPreSaleScan ?? false,
    flags: ctx.config.flags,
    settings: ctx.config.verification,
    today: todayIso(),
  };
}

async function claimUnit(tx: Db, clientId: string, unitId: string, customerId: string, claimedAt: Date) {
  const inserted = await tx.insert(claims).values({ unitId, clientId, customerId, claimedAt }).onConflictDoNothing().returning();
  if (inserted[0]) return inserted[0];
  const [existing] = await tx.select().from(claims).where(and(eq(claims.unitId, unitId), eq(claims.clientId, clientId)));
  return existing ?? null;
}

/** Labels whose answer carries the risk beside it (with the verification count, except 'Expired'). */
const ASSESSED = new Set<string>(['Info', 'Scan pre sale first', 'Genuine Pre Sale', 'Genuine Pre Sale & Claim Warranty', 'Genuine Post Sale', 'Product Cliamed', 'Expired']);
/** Routes on which a customer types or scans a unit's hidden (covert) code. */
const HIDDEN_ROUTES = new Set<VerifyRoute>(['covert-pre', 'covert-post']);
/** How long after checking a unit a made-up hidden code is taken as that unit's copy's (scratch, type: minutes to a day). */
export const FALSE_HIDDEN_WINDOW_MS = 24 * 3_600_000;

/**
 * Marks the unit this session checked last, within FALSE_HIDDEN_WINDOW_MS, as one whose checker
 * then typed a hidden code that does not exist (its first such time is kept). One indexed update.
 */
async function linkFalseHidden(db: Db, ctx: ScanContext, sessionKey: string, now: Date) {
  const { clientId } = ctx;
  const since = new Date(now.getTime() - FALSE_HIDDEN_WINDOW_MS);
  const [marked] = await db
    .update(unitSessions)
    .set({ falseHiddenAt: now })
    .where(
      and(
        eq(unitSessions.clientId, clientId),
        eq(unitSessions.sessionKey, sessionKey),
        isNull(unitSessions.falseHiddenAt),
        sql`${unitSessions.unitKey} = (select l.unit_key from unit_sessions l where l.client_id = ${clientId} and l.session_key = ${sessionKey}
              and l.last_at >= ${since.toISOString()}::timestamptz order by l.last_at desc limit 1)`,
      ),
    )
    .returning({ unitKey: unitSessions.unitKey });
  const unitKey = marked?.unitKey;
  if (!unitKey) return;
  // No scan of the unit itself sees this evidence arrive: when it is what makes the unit suspect,
  // the brand's red flag is raised here (as a scan would raise it on that transition).
  const [code] = await db
    .select({ qrId: codes.qrId })
    .from(codes)
    .where(and(eq(codes.clientId, clientId), sql`coalesce(${codes.pairId}, ${codes.id}) = ${unitKey}`))
    .orderBy(codes.level)
    .limit(1);
  const unit = code && (await readCodeForVerify(db, clientId, code.qrId, null, true));
  if (!unit || unit.clientId !== clientId) return;
  const claim = unit.claimCustomerId ? { customerId: unit.claimCustomerId, claimedAt: unit.claimedAt! } : null;
  const judge = (sessions: UnitSession[]) =>
    findings(sessions, claim, ctx.config.verification.risk, now, { placeName: placeNameOf, markets: unit.batch?.markets ?? null, countryOf, expiryDate: unit.batch?.expiryDate ?? null });
  const after = judge(unit.sessions);
  if (!after.some((f) => f.level === 'suspect')) return;
  if (judge(unit.sessions.map((x) => (x.key === sessionKey ? { ...x, falseHiddenAt: null } : x))).some((f) => f.level === 'suspect')) return; // suspect already
  // The unit's own findings (bounded like every assessment) are the flag's evidence: no scan of the unit to assess.
  const evidence = redFlagEvidenceOf(after);
  if (evidence && unit.productId) await raiseRedFlag(db, ctx.config, { clientId, unitKey, pairId: unit.pairId, codeId: unit.id, productId: unit.productId, evidence });
}

/** Labels of a check that looks at a unit without buying it: its covert code so checked was revealed before sale. */
const NOT_A_SALE = new Set<string>(['Info', 'Genuine Pre Sale', 'Genuine Pre Sale & Claim Warranty']);

/**
 * The session a scan belongs to: its device, else the signed-in customer, else its network. A
 * place is trusted only from a session that is someone's (a device or an account): a bare
 * location query with neither is kept with the scan but never used to judge the unit. Without a
 * location from the customer, the place is the request address's city (offline; fromIp), which
 * the rules weigh less (lib/domain/risk.ts, KnownPlace).
 */
export function sessionOf(ctx: Pick<ScanContext, 'deviceId' | 'customerId' | 'ipHash' | 'location' | 'ip'>) {
  const key = ctx.deviceId ?? (ctx.customerId ? `c:${ctx.customerId}` : `ip:${ctx.ipHash}`);
  const trusted = ctx.deviceId !== null || ctx.customerId !== null;
  const { lat, lng } = ctx.location;
  const sent = lat !== null && lng !== null ? { lat, lng } : null;
  const ipPlace = ctx.ip ? ipPlaceOf(ctx.ip) : null;
  // A shared place counts only when plausible: near a known town, and in the country of the
  // request's own address when that is known (docs/verification.md, "What each signal is trusted for").
  const plausible = !!sent && townNameOf(sent) !== null && (!ipPlace || countryOf(ipPlace) === null || countryOf(ipPlace) === countryOf(sent));
  const given = plausible ? sent : null;
  /** What is stored with the scan: the customer's plausible place, else the address's city (coarse). */
  const stored: KnownPlace | null = given ?? (ipPlace && { ...ipPlace, fromIp: true });
  return { key, stored, place: trusted ? stored : null, trusted, implausible: !!sent && !plausible };
}

/** Why a location sent with a check counted for nothing: it is nowhere a pack is sold, or the network says otherwise. */
export const IMPLAUSIBLE_PLACE_REASON = 'The location sent with this check was not used: it is not near a known town, or not in the country of the network it came from.';
/** Why a location sent with a check counted for nothing: the check came from no device and no account. */
export const UNTRUSTED_PLACE_REASON = 'The location sent with this check was not used: it came from no device or signed-in account.';
type Session = ReturnType<typeof sessionOf>;

function riskOf(ctx: ScanContext, session: Session, row: NonNullable<CodeForVerify>, claim: { customerId: string; claimedAt: Date } | null, now: Date, covertBeforeSale: boolean): RiskAssessment {
  return assessRisk({
    // Places of network-only sessions are not trusted either (see sessionOf).
    sessions: row.sessions.map((s) => (s.deviceId || s.customerId ? s : { ...s, place: null })),
    scan: { key: session.key, deviceId: ctx.deviceId, customerId: ctx.customerId, at: now, place: session.place, covertBeforeSale, net: ctx.netKey ?? null },
    firstVerifiedAt: row.stats.first,
    firstPlace: row.firstPlace,
    verifiedCount: row.stats.count,
    claim,
    settings: ctx.config.verification.risk,
    placeName: placeNameOf,
    markets: row.batch?.markets ?? null,
    countryOf,
    expiryDate: row.batch?.expiryDate ?? null,
    brandMarked: row.brandMarked,
  });
}

/**
 * The answer to something that is not a person (a link preview, a crawler, a prefetch, HEAD): the
 * label of the anonymous info route and the product, no count, claim, risk or evidence; nothing
 * is recorded, no session is kept, nothing is claimed.
 */
async function previewAnswer(qrId: string, ctx: ScanContext): Promise<VerifyResponse> {
  const row = await readCodeForVerify(await getDb(), ctx.clientId, qrId, null, false);
  const verdict = computeVerdict(verdictInput({ ...ctx, customerId: null }, 'info', row, null));
  const base = { result: verdict.result, kind: verdict.kind, layer: verdict.layer };
  if (!row || row.clientId !== ctx.clientId || !row.product || !row.batch || verdict.result === 'Fake' || verdict.result === 'Invalid Product') return base;
  return { ...base, code: { qrId: row.qrId, level: row.level }, product: shapeProduct(row.product), batch: shapeBatch(row.batch) };
}

export async function verifyCode(ctx: ScanContext, route: VerifyRoute, qrId: string): Promise<VerifyResponse> {
  if (ctx.visit && ctx.visit !== 'person') return previewAnswer(qrId, ctx);
  const db = await getDb();
  // Only the bench turns the assessment off, to measure its cost in the same run (BENCH_SKIP_RISK).
  const assessing = !env().BENCH_SKIP_RISK;
  const row = await readCodeForVerify(db, ctx.clientId, qrId, ctx.customerId, assessing);
  const ours = row !== null && row.clientId === ctx.clientId;
  let claim = row?.claimCustomerId ? { customerId: row.claimCustomerId, claimedAt: row.claimedAt! } : null;
  let verdict = computeVerdict(verdictInput(ctx, route, row, claim));
  const now = scanClock();
  // Without the assessment (bench only): the customer's place is kept as before, no session.
  const session: Session | null = assessing ? sessionOf(ctx) : null;
  const given = ctx.location.lat !== null && ctx.location.lng !== null ? { lat: ctx.location.lat, lng: ctx.location.lng } : null;
  const stored: KnownPlace | null = session ? session.stored : given;
  // A look at the unit's covert code (revealed after purchase) while nobody has bought it.
  const covertBeforeSale = ours && row.level === 7 && claim === null && NOT_A_SALE.has(verdict.result);
  // The risk beside the label, from the sessions read with the code (no other read).
  let risk = session && ours && ASSESSED.has(verdict.result) ? riskOf(ctx, session, row, claim, now, covertBeforeSale) : null;
  // A location from a check that is nobody's (no device id, not signed in) judges nothing: say so.
  if (risk && session && given && !session.trusted) {
    risk.reasons.push(UNTRUSTED_PLACE_REASON);
    risk.reasonCodes.push({ code: 'untrustedPlace' });
  } else if (risk && session?.implausible) {
    risk.reasons.push(IMPLAUSIBLE_PLACE_REASON);
    risk.reasonCodes.push({ code: 'implausiblePlace' });
  }

  const scanId = randomId('sc', 16);
  // A function: a claim recomputes the verdict before the scan is recorded.
  const scanRow = (): ScanRow => ({
      id: scanId,
      clientId: ctx.clientId,
      // A code of another brand is never linked: nothing is recorded against that brand.
      codeId: ours ? row.id : null,
      unitKey: ours ? row.unitKey : null,
      qrIdRaw: ctx.raw.slice(0, 64),
      customerId: ctx.customerId,
      at: now,
      kind: verdict.kind,
      layer: verdict.layer,
      result: verdict.result,
      lat: stored?.lat ?? null,
      lng: stored?.lng ?? null,
      placeFromIp: stored?.fromIp === true,
      covertBeforeSale,
      ipHash: ctx.ipHash,
      netKey: ctx.netKey ?? null,
      deviceId: ctx.deviceId,
      // Only scans of a real code of this brand form sessions (the trigger on scans keeps them).
      sessionKey: ours && session ? session.key : null,
      risk: risk?.level ?? null,
      riskReasons: risk?.reasons ?? null,
      riskReasonCodes: risk?.reasonCodes ?? null,
    });
  const record = (into: Db) => into.insert(scans).values(scanRow());

  if (ours && row.pairId && ctx.customerId && claimsUnit(verdict, { claim })) {
    const { pairId } = row;
    const customerId = ctx.customerId;
    // The claim and its scan are written together, or neither is.
    await db.transaction(async (tx) => {
      const won = await claimUnit(tx as unknown as Db, ctx.clientId, pairId, customerId, now);
      claim = won && { customerId: won.customerId, claimedAt: won.claimedAt };
      verdict = computeVerdict(verdictInput(ctx, route, row, claim));
      // The customer who has just claimed the unit with its hidden code is its claimant already:
      // judged as one (never told their own pack may be a copy).
      if (risk && session && claim?.customerId === customerId) risk = riskOf(ctx, session, row, claim, now, covertBeforeSale);
      await record(tx as unknown as Db);
    });
  } else {
    // Nothing to claim: one statement (the trigger on scans keeps the unit's count with it).
    await insertScan(db).execute(scanRow());
  }

  // A hidden code that is nobody's, typed by someone who has just checked one of this brand's units:
  // what a copy's scratch panel carries, so evidence against that unit's copies (the 'hidden' rule).
  if (row === null && HIDDEN_ROUTES.has(route) && session?.trusted) await linkFalseHidden(db, ctx, session.key, now);

  // A unit that has just become suspect: a red flag for the brand (lib/api/verify/red-flag.ts).
  // Only corroborated suspicion reaches here (lib/domain/risk.ts, bounded): no one network, device
  // or account, nor three of them, opens a flag, holds a reward or blacklists a code.
  const suspicion = ours && risk && risk.previousLevel !== 'suspect' ? redFlagEvidence(risk) : null;
  if (ours && suspicion) await raiseRedFlag(db, ctx.config, { clientId: ctx.clientId, unitKey: row.unitKey, pairId: row.pairId, codeId: row.id, productId: row.productId, evidence: suspicion });

  // A Fake, Product Claimed or suspect answer names its scan: the reference of its evidence report.
  const evidence = isEvidenceWorthy(verdict.result, risk?.level ?? null) ? { evidence: { reference: scanId } } : {};
  const base = { result: verdict.result, kind: verdict.kind, layer: verdict.layer, ...evidence };
  if (!ours || verdict.result === 'Fake' || verdict.result === 'Invalid Product' || !row.product || !row.batch) return base;
  const withDetails = { ...base, code: { qrId: row.qrId, level: row.level }, product: shapeProduct(row.product), batch: shapeBatch(row.batch) };
  if (verdict.result === 'Tracking' || verdict.result === 'Batch Details Only') return withDetails;
  // This scan counts too: the stats were read before it was recorded.
  const verification = { count: row.stats.count + 1, firstVerifiedAt: (row.stats.first ?? now).toISOString() };
  const said = risk && { level: risk.level, reasons: risk.reasons, reasonCodes: risk.reasonCodes };
  const shownRisk = said ? { risk: risk?.askLocation ? { ...said, askLocation: true as const } : said } : {};
  if (verdict.result === 'Expired') return { ...withDetails, ...shownRisk };
  if (verdict.result === 'Scan pre sale first') return { ...withDetails, verification, ...shownRisk };
  // Whether the unit is claimed and since when, never by whom: on the anonymous info route too, so
  // a shopper learns that a pack on the shelf was already registered by someone (docs/verification.md).
  const byYou = claim !== null && claim.customerId === ctx.customerId;
  const shownClaim = claim && { claimedAt: claim.claimedAt.toISOString(), byYou, ...(byYou && row.pairId ? { unitId: row.pairId } : {}) };
  if (verdict.result === 'Info') return row.pairId ? { ...withDetails, verification, claim: shownClaim, ...shownRisk } : { ...withDetails, verification, ...shownRisk };
  return { ...withDetails, verification, claim: shownClaim, ...shownRisk };
}
