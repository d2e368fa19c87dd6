import { verifyResponseSchema } from '@/lib/schemas/verify';
import { vpaSchema } from '@/lib/schemas/customer';
import { asVerifyResponse, isVerifyResponse } from '@/lib/shared/verdict-shape';
import { isVpa } from '@/lib/domain/vpa';
import { vpaProblem } from '@/components/rewards/vpa';
import { parseScanResult } from '@/lib/client/scan-result';

// The browser checks a verify answer and a UPI id by hand (no schema library in the pages' first
// load); the API checks them with zod. Each case below is answered by both, and they must agree.

const product = { name: 'Kettle', description: 'Steel', images: ['/a.png'], attributes: [{ name: 'Size', value: '1 l' }], warrantyMonths: 12 };
const batch = { batchNumber: 'B-1', mfgDate: '2026-01-31', expiryDate: 'Not Applicable' };
const full = {
  result: 'Genuine Post Sale',
  kind: 'post sale',
  layer: 2,
  code: { qrId: 'AbC123', level: 7 },
  product,
  batch,
  verification: { count: 3, firstVerifiedAt: '2026-11-24T10:00:00.123Z' },
  claim: { claimedAt: '2026-11-24T10:00:00Z', byYou: true },
  risk: { level: 'caution', reasons: ['Checked 1150 km apart within an hour by different people: this code may have been copied.'], reasonCodes: [{ code: 'travel', values: { km: 1150, hours: 0 } }] },
  evidence: { reference: 'EV-1' },
};
const minimal = { result: 'Fake', kind: 'pre sale', layer: 1 };
const omit = (o: Record<string, unknown>, key: string) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));
const withField = (key: string, value: unknown) => ({ ...full, [key]: value });

const accepted: [string, unknown][] = [
  ['a full answer', full],
  ['only the required fields', minimal],
  ['every verdict label', { ...minimal, result: 'Product Cliamed' }],
  ['the label with an ampersand', { ...minimal, result: 'Genuine Pre Sale & Claim Warranty' }],
  ['a tracking answer on layer 3', { ...minimal, result: 'Tracking', kind: 'tracking', layer: 3 }],
  ['claim null (no claim)', withField('claim', null)],
  ['optional fields given as undefined', { ...minimal, product: undefined, risk: undefined }],
  ['batch placeholders', withField('batch', { batchNumber: 'B', mfgDate: 'Not Available', expiryDate: 'Not Applicable' })],
  ['29 February of a leap year', withField('batch', { ...batch, mfgDate: '2024-02-29' })],
  ['29 February of 2000', withField('batch', { ...batch, mfgDate: '2000-02-29' })],
  ['a date-time without a fraction', withField('verification', { count: 0, firstVerifiedAt: '2026-11-24T23:59:59Z' })],
  ['extra keys inside a non-strict part', withField('code', { qrId: 'x', level: 6, extra: 1 })],
  ['an empty risk reason list', withField('risk', { level: 'none', reasons: [], reasonCodes: [] })],
  ['a reason code without values', withField('risk', { level: 'none', reasons: ['First check of this pack.'], reasonCodes: [{ code: 'firstCheck' }] })],
  ['a risk that asks for the location', withField('risk', { level: 'caution', reasons: ['x'], reasonCodes: [{ code: 'sessions', values: { people: 4 } }], askLocation: true })],
  ['no attributes or images', withField('product', { ...product, images: [], attributes: [] })],
];

const refused: [string, unknown][] = [
  ['null', null],
  ['a string', 'Fake'],
  ['an array', [full]],
  ['an unknown top-level key', { ...full, extra: true }],
  ['an unknown verdict label', { ...minimal, result: 'Product Claimed' }],
  ['no result', omit(full, 'result')],
  ['no kind', omit(full, 'kind')],
  ['no layer', omit(full, 'layer')],
  ['an unknown kind', { ...minimal, kind: 'presale' }],
  ['layer 4', { ...minimal, layer: 4 }],
  ['layer as text', { ...minimal, layer: '1' }],
  ['code level 5', withField('code', { qrId: 'x', level: 5 })],
  ['code without qrId', withField('code', { level: 6 })],
  ['code null', withField('code', null)],
  ['warranty months not whole', withField('product', { ...product, warrantyMonths: 1.5 })],
  ['warranty months infinite', withField('product', { ...product, warrantyMonths: Infinity })],
  ['an image that is not text', withField('product', { ...product, images: [1] })],
  ['an attribute without value', withField('product', { ...product, attributes: [{ name: 'a' }] })],
  ['product missing description', withField('product', omit(product, 'description'))],
  ['30 February', withField('batch', { ...batch, mfgDate: '2026-02-30' })],
  ['29 February of a common year', withField('batch', { ...batch, mfgDate: '2026-02-29' })],
  ['29 February of 1900', withField('batch', { ...batch, mfgDate: '1900-02-29' })],
  ['31 April', withField('batch', { ...batch, expiryDate: '2026-04-31' })],
  ['month 13', withField('batch', { ...batch, expiryDate: '2026-13-01' })],
  ['a date with a time', withField('batch', { ...batch, mfgDate: '2026-01-31T00:00:00Z' })],
  ['the wrong placeholder for expiry', withField('batch', { ...batch, expiryDate: 'Not Available' })],
  ['a date-time with an offset', withField('verification', { count: 1, firstVerifiedAt: '2026-11-24T10:00:00+05:30' })],
  ['a date-time without seconds', withField('verification', { count: 1, firstVerifiedAt: '2026-11-24T10:00Z' })],
  ['a date-time without Z', withField('verification', { count: 1, firstVerifiedAt: '2026-11-24T10:00:00' })],
  ['hour 24', withField('verification', { count: 1, firstVerifiedAt: '2026-11-24T24:00:00Z' })],
  ['a count that is not whole', withField('verification', { count: 1.2, firstVerifiedAt: '2026-11-24T10:00:00Z' })],
  ['a claim without byYou', withField('claim', { claimedAt: '2026-11-24T10:00:00Z' })],
  ['byYou as text', withField('claim', { claimedAt: '2026-11-24T10:00:00Z', byYou: 'yes' })],
  ['a risk without reason codes', withField('risk', { level: 'none', reasons: [] })],
  ['an unknown reason code', withField('risk', { level: 'none', reasons: ['x'], reasonCodes: [{ code: 'moonPhase' }] })],
  ['a reason value that is not a string or a number', withField('risk', { level: 'none', reasons: ['x'], reasonCodes: [{ code: 'sessions', values: { people: true } }] })],
  ['an extra key in a reason code (strict)', withField('risk', { level: 'none', reasons: ['x'], reasonCodes: [{ code: 'firstCheck', text: 'x' }] })],
  ['an unknown risk level', withField('risk', { level: 'high', reasons: [], reasonCodes: [] })],
  ['an extra key in risk (strict)', withField('risk', { level: 'none', reasons: [], reasonCodes: [], score: 1 })],
  ['askLocation other than true', withField('risk', { level: 'none', reasons: [], reasonCodes: [], askLocation: false })],
  ['askLocation as a string', withField('risk', { level: 'none', reasons: [], reasonCodes: [], askLocation: 'true' })],
  ['an extra key in evidence (strict)', withField('evidence', { reference: 'E', url: '/x' })],
  ['evidence without reference', withField('evidence', {})],
];

describe('the browser verdict check agrees with verifyResponseSchema', () => {
  it.each(accepted)('accepts %s', (_name, value) => {
    expect(verifyResponseSchema.safeParse(value).success).toBe(true);
    expect(isVerifyResponse(value)).toBe(true);
  });
  it.each(refused)('refuses %s', (_name, value) => {
    expect(verifyResponseSchema.safeParse(value).success).toBe(false);
    expect(isVerifyResponse(value)).toBe(false);
    expect(() => asVerifyResponse(value)).toThrow('The verify answer is not a verdict');
  });
  it('hands an accepted answer on as it is', () => {
    expect(asVerifyResponse(full)).toBe(full);
  });
  it('keeps a verdict for /scan-result only when it is one', () => {
    expect(parseScanResult(JSON.stringify(full))).toEqual(full);
    expect(parseScanResult(JSON.stringify({ ...full, extra: 1 }))).toBeUndefined();
    expect(parseScanResult('{not json')).toBeUndefined();
    expect(parseScanResult(null)).toBeUndefined();
  });
});

const vpas: [string, boolean][] = [
  ['asha@okbank', true],
  ['  asha.k_1-x@ybl  ', true],
  ['as@b1', true],
  ['a@okbank', false],
  ['asha', false],
  ['asha@ok bank', false],
  ['a@1bank', false],
  ['asha@b', false],
  ['asha@@okbank', false],
  ['asha@ok.bank', false],
  ['ásha@okbank', false],
  [`${'a'.repeat(95)}@okbank`, false],
  [`${'a'.repeat(90)}@okbank`, true],
  [`  ${'a'.repeat(93)}@bank  `, true],
  ['', false],
];

describe('the browser UPI id check agrees with vpaSchema', () => {
  it.each(vpas)('%s → %s', (value, ok) => {
    expect(vpaSchema.safeParse(value).success).toBe(ok);
    expect(isVpa(value)).toBe(ok);
    if (value.trim()) expect(vpaProblem(value)).toBe(ok ? undefined : 'Enter a UPI id like name@bank.');
  });
  it('lets an empty field through (it removes the UPI id)', () => {
    expect(vpaProblem('   ')).toBeUndefined();
  });
});
