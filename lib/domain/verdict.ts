// The verification verdict (DESIGN.md section 4): one pure function of the code, its batch, the
// unit's claim, the customer, the route, the brand's flags and today. No I/O; the verify API
// reads everything it needs in one query and calls this. Tested by a table in
// tests/unit/domain/verdict.test.ts; the decisions are written down in docs/verification.md.

/** Result labels exactly as the spec spells them on the wire ('Product Cliamed' sic). */
export const VERDICT_LABELS = [
  'Info',
  'Product Cliamed',
  'Genuine Pre Sale',
  'Genuine Post Sale',
  'Expired',
  'Fake',
  'Invalid Product',
  'Scan pre sale first',
  'Tracking',
  'Genuine Pre Sale & Claim Warranty',
  'Batch Details Only',
] as const;
export type VerdictLabel = (typeof VERDICT_LABELS)[number];

/** Shown when a verify request times out (the spec's "timeout message asking to rescan"). */
export const RESCAN_MESSAGE = 'Request timed out. Please rescan the QR codes.';

/** How a label is shown to people: the wire value 'Product Cliamed' reads "Product Claimed". */
export function displayLabel(label: VerdictLabel | typeof RESCAN_MESSAGE): string {
  return label === 'Product Cliamed' ? 'Product Claimed' : label;
}

/** Labels that mean the unit itself checked out (counted as verifications, prove a pre-sale scan). */
export const GENUINE_LABELS: readonly VerdictLabel[] = ['Genuine Pre Sale', 'Genuine Pre Sale & Claim Warranty', 'Genuine Post Sale'];
/** Labels that count as a verification of a real code of this brand. */
/**
 * Results the console's overview counts as a genuine check: the genuine verdicts and Info, what
 * the default printed link (the anonymous info page, /info/verify/…) answers for a real code.
 */
export const GENUINE_CHECK_LABELS: readonly VerdictLabel[] = [...GENUINE_LABELS, 'Info'];
export const VERIFIED_LABELS: readonly VerdictLabel[] = [...GENUINE_LABELS, 'Info', 'Product Cliamed', 'Batch Details Only', 'Expired', 'Scan pre sale first'];

export const VERIFY_ROUTES = ['info', 'overt', 'covert-pre', 'covert-post', 'tert', 'quat', 'auto'] as const;
export type VerifyRoute = (typeof VERIFY_ROUTES)[number];
export type ScanKind = 'pre sale' | 'post sale' | 'info' | 'tracking';
export type CodeLevel = 6 | 7 | 8 | 9;
/** Scan layer codes (spec section 9): info 1, overt 2, covert 3. */
export type ScanLayer = 1 | 2 | 3;

/** The concrete route a scan is judged on: auto takes it from the code's level. */
export type ConcreteRoute = Exclude<VerifyRoute, 'auto'>;
export function concreteRoute(route: VerifyRoute, level: CodeLevel | null): ConcreteRoute {
  if (route !== 'auto') return route;
  if (level === 7) return 'covert-post';
  if (level === 8) return 'tert';
  if (level === 9) return 'quat';
  return 'overt'; // level 6, and unknown codes (the printed, visible code is the usual guess)
}

const ROUTE_KIND: Record<ConcreteRoute, ScanKind> = {
  info: 'info',
  overt: 'pre sale',
  'covert-pre': 'pre sale',
  'covert-post': 'post sale',
  tert: 'tracking',
  quat: 'tracking',
};
const ROUTE_LAYER: Record<ConcreteRoute, ScanLayer> = { info: 1, overt: 2, 'covert-pre': 3, 'covert-post': 3, tert: 2, quat: 2 };
/** Code levels each route accepts; any other level is 'Invalid Product' on that route. */
const ROUTE_LEVELS: Record<ConcreteRoute, readonly CodeLevel[]> = {
  info: [6, 7],
  overt: [6],
  'covert-pre': [7],
  'covert-post': [7],
  tert: [8],
  quat: [9],
};

export const scanKindOf = (route: ConcreteRoute): ScanKind => ROUTE_KIND[route];
export const scanLayerOf = (route: ConcreteRoute): ScanLayer => ROUTE_LAYER[route];
export const routeAcceptsLevel = (route: ConcreteRoute, level: CodeLevel): boolean => ROUTE_LEVELS[route].includes(level);

export type VerdictInput = {
  /** The brand that serves the request. */
  clientId: string;
  route: VerifyRoute;
  /** null when no code has this qrId anywhere. */
  code: { clientId: string; level: CodeLevel; status: 'ACTIVE' | 'DELETED'; listStatus: 'Whitelisted' | 'Blacklisted'; isBatchLevel: boolean } | null;
  batch: { expiryDate: string | null } | null;
  /** The unit's claim, if any. */
  claim: { customerId: string } | null;
  /** The signed-in customer, or null (info route). */
  customerId: string | null;
  /** Whether this customer already had a genuine pre-sale scan of this unit. */
  hasPreSaleScan: boolean;
  flags: { isQrSerializationEnabled: boolean; isWarrantyEnabled: boolean };
  settings: { requirePreSaleScan: boolean };
  /** Today as YYYY-MM-DD; a batch is good through its expiry date. */
  today: string;
};

export type Verdict = { result: VerdictLabel; route: ConcreteRoute; kind: ScanKind; layer: ScanLayer };

function label(input: VerdictInput, route: ConcreteRoute): VerdictLabel {
  const { code } = input;
  if (!code) return 'Fake';
  if (code.clientId !== input.clientId || code.status === 'DELETED') return 'Invalid Product';
  if (code.listStatus === 'Blacklisted') return 'Fake';
  // Batch-level codes are printed like overt codes: they are judged on the info and overt routes.
  if (!routeAcceptsLevel(route, code.level)) return 'Invalid Product';
  if (route === 'tert' || route === 'quat') return 'Tracking';
  if (code.isBatchLevel || !input.flags.isQrSerializationEnabled) return 'Batch Details Only';
  if (input.batch?.expiryDate && input.batch.expiryDate < input.today) return 'Expired';
  if (route === 'info') return 'Info';
  const claimedByYou = input.claim !== null && input.claim.customerId === input.customerId;
  if (input.claim && !claimedByYou) return 'Product Cliamed';
  if (route === 'covert-post') {
    if (!claimedByYou && input.settings.requirePreSaleScan && !input.hasPreSaleScan) return 'Scan pre sale first';
    return 'Genuine Post Sale';
  }
  // Pre sale: an unclaimed unit of a brand with warranty invites the customer to claim it.
  return !claimedByYou && input.flags.isWarrantyEnabled ? 'Genuine Pre Sale & Claim Warranty' : 'Genuine Pre Sale';
}

export function computeVerdict(input: VerdictInput): Verdict {
  const level = input.code && input.code.clientId === input.clientId ? input.code.level : null;
  const route = concreteRoute(input.route, level);
  return { result: label(input, route), route, kind: scanKindOf(route), layer: scanLayerOf(route) };
}

/** Whether a verdict claims the unit (a post-sale genuine scan of a unit nobody has claimed yet). */
export function claimsUnit(verdict: Verdict, input: Pick<VerdictInput, 'claim'>): boolean {
  return verdict.result === 'Genuine Post Sale' && input.claim === null;
}
