import { VERDICT_LABELS } from '@/lib/domain/verdict';
import type { VerifyResponse } from '@/lib/schemas/verify';
import { isRiskReasonCode } from './risk-words';

// The shape check of a verify answer in the browser (the authentication code's verdict, the
// verdict kept for /scan-result in sessionStorage). It accepts and refuses what the API's
// `verifyResponseSchema` (lib/schemas/verify.ts) does, written by hand so that the scan pages'
// first load does not carry the schema library (docs/benchmarks.md, "First-load JavaScript of
// every page"). The server's pages need none: their typed call (lib/server/call-route.ts)
// answers the verdict as the API's schema gave it.
// tests/unit/client/browser-guards.test.ts holds the two to the same answers.

type Obj = Record<string, unknown>;

const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);
const oneOf =
  <T>(values: readonly T[]) =>
  (v: unknown): v is T =>
    values.includes(v as T);

/** A calendar date YYYY-MM-DD (29 February only in leap years), as `z.iso.date()`. */
const DATE = String.raw`(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|02-(?:0[1-9]|1\d|2[0-8])))`;
const DATE_RE = new RegExp(`^${DATE}$`);
/** A UTC date and time with seconds and any fraction, ending in Z, as `z.iso.datetime()`. */
const DATETIME_RE = new RegExp(String.raw`^${DATE}T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?Z$`);
const isDate = (v: unknown) => isString(v) && DATE_RE.test(v);
const isDatetime = (v: unknown) => isString(v) && DATETIME_RE.test(v);

const isKind = oneOf(['pre sale', 'post sale', 'info', 'tracking'] as const);
const isLabel = oneOf(VERDICT_LABELS);
const isLayer = oneOf([1, 2, 3] as const);
const isLevel = oneOf([6, 7, 8, 9] as const);
const isRiskLevel = oneOf(['none', 'caution', 'suspect'] as const);

/** Only `keys` (a strict object of the schema). */
const onlyKeys = (o: Obj, keys: readonly string[]) => Object.keys(o).every((k) => keys.includes(k));
/** `o[key]` is absent or undefined, or passes `check` (an `.optional()` field). */
const optional = (o: Obj, key: string, check: (v: unknown) => boolean) => o[key] === undefined || check(o[key]);

const isCode = (v: unknown) => isObject(v) && isString(v.qrId) && isLevel(v.level);
const isProduct = (v: unknown) =>
  isObject(v) &&
  isString(v.name) &&
  isString(v.description) &&
  isStringArray(v.images) &&
  Array.isArray(v.attributes) &&
  v.attributes.every((a) => isObject(a) && isString(a.name) && isString(a.value)) &&
  isInt(v.warrantyMonths);
const isBatch = (v: unknown) =>
  isObject(v) &&
  isString(v.batchNumber) &&
  (v.mfgDate === 'Not Available' || isDate(v.mfgDate)) &&
  (v.expiryDate === 'Not Applicable' || isDate(v.expiryDate));
const isVerification = (v: unknown) => isObject(v) && isInt(v.count) && isDatetime(v.firstVerifiedAt);
const isClaim = (v: unknown) => v === null || (isObject(v) && isDatetime(v.claimedAt) && isBoolean(v.byYou));
const isReasonValues = (v: unknown) => isObject(v) && Object.values(v).every((x) => isString(x) || (typeof x === 'number' && Number.isFinite(x)));
const isReasonCode = (v: unknown) => isObject(v) && onlyKeys(v, ['code', 'values']) && isRiskReasonCode(v.code) && optional(v, 'values', isReasonValues);
const isRisk = (v: unknown) =>
  isObject(v) &&
  onlyKeys(v, ['level', 'reasons', 'reasonCodes', 'askLocation']) &&
  isRiskLevel(v.level) &&
  isStringArray(v.reasons) &&
  Array.isArray(v.reasonCodes) &&
  v.reasonCodes.every(isReasonCode) &&
  optional(v, 'askLocation', (a) => a === true);
const isEvidence = (v: unknown) => isObject(v) && onlyKeys(v, ['reference']) && isString(v.reference);

const VERIFY_KEYS = ['result', 'kind', 'layer', 'code', 'product', 'batch', 'verification', 'claim', 'risk', 'evidence'] as const;

/** True when `v` is a verify answer the API's schema accepts. */
export function isVerifyResponse(v: unknown): v is VerifyResponse {
  return (
    isObject(v) &&
    onlyKeys(v, VERIFY_KEYS) &&
    isLabel(v.result) &&
    isKind(v.kind) &&
    isLayer(v.layer) &&
    optional(v, 'code', isCode) &&
    optional(v, 'product', isProduct) &&
    optional(v, 'batch', isBatch) &&
    optional(v, 'verification', isVerification) &&
    optional(v, 'claim', isClaim) &&
    optional(v, 'risk', isRisk) &&
    optional(v, 'evidence', isEvidence)
  );
}

/** `v` as a verify answer, or a TypeError when it is not one (the API answered something else). */
export function asVerifyResponse(v: unknown): VerifyResponse {
  if (!isVerifyResponse(v)) throw new TypeError('The verify answer is not a verdict');
  return v;
}
