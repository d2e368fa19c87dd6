import {
  computeVerdict,
  concreteRoute,
  displayLabel,
  RESCAN_MESSAGE,
  VERDICT_LABELS,
  type VerdictInput,
  type VerdictLabel,
} from '@/lib/domain/verdict';

// The verdict table of DESIGN.md section 4: every label, and every adjacent pair of the
// precedence (a case where both apply, and the earlier one wins).

const ME = 'cu_me';
const OTHER = 'cu_other';
const base: VerdictInput = {
  clientId: 'cl_a',
  route: 'overt',
  code: { clientId: 'cl_a', level: 6, status: 'ACTIVE', listStatus: 'Whitelisted', isBatchLevel: false },
  batch: { expiryDate: '2030-12-31' },
  claim: null,
  customerId: ME,
  hasPreSaleScan: false,
  flags: { isQrSerializationEnabled: true, isWarrantyEnabled: false },
  settings: { requirePreSaleScan: false },
  today: '2026-06-15',
};
type Patch = Partial<Omit<VerdictInput, 'code'>> & { code?: Partial<NonNullable<VerdictInput['code']>> | null };
const v = (p: Patch): VerdictInput => ({
  ...base,
  ...p,
  code: p.code === null ? null : { ...base.code!, ...p.code },
});

const covert = { level: 7 as const };
const caseCode = { level: 8 as const };
const pallet = { level: 9 as const };

const table: Array<[string, Patch, VerdictLabel]> = [
  // Each label on its own
  ['an unknown qrId is Fake', { code: null }, 'Fake'],
  ['a code of another brand is Invalid Product', { code: { clientId: 'cl_b' } }, 'Invalid Product'],
  ['a deleted code is Invalid Product', { code: { status: 'DELETED' } }, 'Invalid Product'],
  ['a blacklisted code is Fake', { code: { listStatus: 'Blacklisted' } }, 'Fake'],
  ['a covert code on the overt route is Invalid Product', { code: covert }, 'Invalid Product'],
  ['an overt code on the covert post-sale route is Invalid Product', { route: 'covert-post' }, 'Invalid Product'],
  ['an overt code on the covert pre-sale route is Invalid Product', { route: 'covert-pre' }, 'Invalid Product'],
  ['a unit code on the tertiary route is Invalid Product', { route: 'tert' }, 'Invalid Product'],
  ['a case code on the quaternary route is Invalid Product', { route: 'quat', code: caseCode }, 'Invalid Product'],
  ['a case code on the overt route is Invalid Product', { code: caseCode }, 'Invalid Product'],
  ['a case code on the info route is Invalid Product', { route: 'info', code: caseCode }, 'Invalid Product'],
  ['a case code on the tertiary route is Tracking', { route: 'tert', code: caseCode }, 'Tracking'],
  ['a pallet code on the quaternary route is Tracking', { route: 'quat', code: pallet }, 'Tracking'],
  ['a batch-level code is Batch Details Only', { code: { isBatchLevel: true } }, 'Batch Details Only'],
  ['any unit code of a brand without serialisation is Batch Details Only', { flags: { ...base.flags, isQrSerializationEnabled: false } }, 'Batch Details Only'],
  ['a code past its batch expiry is Expired', { batch: { expiryDate: '2026-06-14' } }, 'Expired'],
  ['a code on its expiry day is still good', { batch: { expiryDate: '2026-06-15' } }, 'Genuine Pre Sale'],
  ['a batch without an expiry date never expires', { batch: { expiryDate: null } }, 'Genuine Pre Sale'],
  ['an overt code on the info route is Info', { route: 'info', customerId: null }, 'Info'],
  ['a covert code on the info route is Info', { route: 'info', code: covert }, 'Info'],
  ['a unit claimed by someone else is Product Cliamed (pre sale)', { claim: { customerId: OTHER } }, 'Product Cliamed'],
  ['a unit claimed by someone else is Product Cliamed (post sale)', { route: 'covert-post', code: covert, claim: { customerId: OTHER } }, 'Product Cliamed'],
  ['a post-sale scan without the required pre-sale scan is Scan pre sale first', { route: 'covert-post', code: covert, settings: { requirePreSaleScan: true } }, 'Scan pre sale first'],
  ['a post-sale scan after this customer’s pre-sale scan is Genuine Post Sale', { route: 'covert-post', code: covert, settings: { requirePreSaleScan: true }, hasPreSaleScan: true }, 'Genuine Post Sale'],
  ['a post-sale scan of an unclaimed unit is Genuine Post Sale', { route: 'covert-post', code: covert }, 'Genuine Post Sale'],
  ['a post-sale scan of a unit you claimed is Genuine Post Sale again', { route: 'covert-post', code: covert, claim: { customerId: ME } }, 'Genuine Post Sale'],
  ['a pre-sale scan of an unclaimed unit is Genuine Pre Sale', {}, 'Genuine Pre Sale'],
  ['a covert pre-sale scan of an unclaimed unit is Genuine Pre Sale', { route: 'covert-pre', code: covert }, 'Genuine Pre Sale'],
  ['a pre-sale scan of an unclaimed unit with warranty on invites a claim', { flags: { ...base.flags, isWarrantyEnabled: true } }, 'Genuine Pre Sale & Claim Warranty'],
  ['a pre-sale scan of a unit you claimed does not invite a claim again', { flags: { ...base.flags, isWarrantyEnabled: true }, claim: { customerId: ME } }, 'Genuine Pre Sale'],
  // The auto route takes the route from the level
  ['auto: an overt code is judged pre sale', { route: 'auto' }, 'Genuine Pre Sale'],
  ['auto: a covert code is judged post sale', { route: 'auto', code: covert }, 'Genuine Post Sale'],
  ['auto: a case code is Tracking', { route: 'auto', code: caseCode }, 'Tracking'],
  ['auto: a pallet code is Tracking', { route: 'auto', code: pallet }, 'Tracking'],
  ['auto: an unknown code is Fake', { route: 'auto', code: null }, 'Fake'],
  ['auto: a code of another brand is Invalid Product', { route: 'auto', code: { clientId: 'cl_b', level: 7 } }, 'Invalid Product'],
  // Precedence: each pair, the earlier wins
  ['another brand beats blacklisted (Invalid Product before Fake)', { code: { clientId: 'cl_b', listStatus: 'Blacklisted' } }, 'Invalid Product'],
  ['deleted beats blacklisted', { code: { status: 'DELETED', listStatus: 'Blacklisted' } }, 'Invalid Product'],
  ['blacklisted beats wrong level (Fake before Invalid Product)', { code: { listStatus: 'Blacklisted', level: 7 } }, 'Fake'],
  ['wrong level beats Tracking', { route: 'tert', code: pallet }, 'Invalid Product'],
  ['wrong level beats Batch Details Only', { route: 'covert-post', code: { isBatchLevel: true } }, 'Invalid Product'],
  ['Tracking beats Batch Details Only', { route: 'tert', code: { level: 8, isBatchLevel: true } }, 'Tracking'],
  ['Tracking beats Expired', { route: 'quat', code: pallet, batch: { expiryDate: '2020-01-01' } }, 'Tracking'],
  ['Batch Details Only beats Expired', { code: { isBatchLevel: true }, batch: { expiryDate: '2020-01-01' } }, 'Batch Details Only'],
  ['Expired beats Info', { route: 'info', batch: { expiryDate: '2020-01-01' } }, 'Expired'],
  ['Expired beats Product Cliamed', { claim: { customerId: OTHER }, batch: { expiryDate: '2020-01-01' } }, 'Expired'],
  ['Info beats Product Cliamed', { route: 'info', claim: { customerId: OTHER } }, 'Info'],
  ['Product Cliamed beats Scan pre sale first', { route: 'covert-post', code: covert, claim: { customerId: OTHER }, settings: { requirePreSaleScan: true } }, 'Product Cliamed'],
  ['Product Cliamed beats Genuine Pre Sale & Claim Warranty', { claim: { customerId: OTHER }, flags: { ...base.flags, isWarrantyEnabled: true } }, 'Product Cliamed'],
  ['Scan pre sale first beats Genuine Post Sale', { route: 'covert-post', code: covert, settings: { requirePreSaleScan: true }, hasPreSaleScan: false }, 'Scan pre sale first'],
  ['Scan pre sale first never applies to the pre-sale routes', { settings: { requirePreSaleScan: true } }, 'Genuine Pre Sale'],
  ['the owner of a claimed unit is not asked to scan pre sale first', { route: 'covert-post', code: covert, claim: { customerId: ME }, settings: { requirePreSaleScan: true } }, 'Genuine Post Sale'],
  ['unknown beats everything else', { code: null, route: 'info' }, 'Fake'],
];

describe('computeVerdict', () => {
  it.each(table)('%s', (_name, patch, expected) => {
    expect(computeVerdict(v(patch)).result).toBe(expected);
  });

  it('covers every label of the spec', () => {
    const seen = new Set(table.map(([, , label]) => label));
    expect([...VERDICT_LABELS].filter((l) => !seen.has(l))).toEqual([]);
  });

  it('names the scan kind and layer of each route', () => {
    expect(computeVerdict(v({ route: 'info' }))).toMatchObject({ kind: 'info', layer: 1 });
    expect(computeVerdict(v({ route: 'overt' }))).toMatchObject({ kind: 'pre sale', layer: 2 });
    expect(computeVerdict(v({ route: 'covert-pre', code: covert }))).toMatchObject({ kind: 'pre sale', layer: 3 });
    expect(computeVerdict(v({ route: 'covert-post', code: covert }))).toMatchObject({ kind: 'post sale', layer: 3 });
    expect(computeVerdict(v({ route: 'tert', code: caseCode }))).toMatchObject({ kind: 'tracking', layer: 2 });
    expect(computeVerdict(v({ route: 'auto', code: covert }))).toMatchObject({ route: 'covert-post', kind: 'post sale', layer: 3 });
  });
});

describe('concreteRoute', () => {
  it('maps the auto route from the level: 6 pre sale, 7 post sale, 8 and 9 tracking', () => {
    expect([6, 7, 8, 9, null].map((l) => concreteRoute('auto', l as 6))).toEqual(['overt', 'covert-post', 'tert', 'quat', 'overt']);
    expect(concreteRoute('covert-pre', 6)).toBe('covert-pre');
  });
});

describe('displayLabel', () => {
  it('shows the wire value Product Cliamed as "Product Claimed" and the rest as they are', () => {
    expect(displayLabel('Product Cliamed')).toBe('Product Claimed');
    expect(displayLabel('Genuine Pre Sale & Claim Warranty')).toBe('Genuine Pre Sale & Claim Warranty');
    expect(displayLabel(RESCAN_MESSAGE)).toBe('Request timed out. Please rescan the QR codes.');
  });
});
