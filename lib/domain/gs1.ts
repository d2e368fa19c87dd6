// GS1 identifiers and Digital Link paths (docs/gs1.md): the GTIN (AI 01) with its check digit, the
// lot (AI 10) and the serial (AI 21) in GS1's 82-character set, and the path of an uncompressed
// Digital Link URI, `/01/{gtin}[/10/{lot}][/21/{serial}]`. Pure, shared by the resolver, the
// command line, the console and the printed links.

/** Lengths a GTIN may be given in (GTIN-8, -12, -13, -14); it is stored and printed as 14 digits. */
export const GTIN_LENGTHS = [8, 12, 13, 14] as const;

/** GS1's mod-10 check digit of the digits before it (weights 3 and 1 from the right). */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

export type GtinCheck = { ok: true; gtin: string } | { ok: false; problem: string };

/** A GTIN as typed (8, 12, 13 or 14 digits) → its 14-digit form, or what is wrong with it. */
export function normalizeGtin(raw: string): GtinCheck {
  const value = raw.trim();
  if (!/^\d+$/.test(value)) return { ok: false, problem: 'must be digits only' };
  if (!(GTIN_LENGTHS as readonly number[]).includes(value.length)) return { ok: false, problem: 'must be 8, 12, 13 or 14 digits' };
  const gtin = value.padStart(14, '0');
  if (gs1CheckDigit(gtin.slice(0, 13)) !== Number(gtin[13])) return { ok: false, problem: 'has a wrong check digit' };
  return { ok: true, gtin };
}

/** GS1 AI encodable character set 82 (GS1 General Specifications 7.11), 1 to 20 characters: the lot (10) and serial (21). */
const CSET82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]{1,20}$/;
export function isGs1Text(value: string): boolean {
  return CSET82.test(value);
}
export const GS1_TEXT_PROBLEM = "must be 1 to 20 characters of GS1's set (letters, digits and ! \" % & ' ( ) * + , - . / : ; < = > ? _)";

/** A path segment of a Digital Link URI: everything outside RFC 3986's unreserved characters percent-encoded. */
export function encodeDlValue(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export type DigitalLinkKey = { gtin: string; lot?: string; serial?: string };

/** The canonical path of a key: 14-digit GTIN, lot before serial, values percent-encoded. */
export function digitalLinkPath(key: DigitalLinkKey): string {
  return `/01/${key.gtin}${key.lot !== undefined ? `/10/${encodeDlValue(key.lot)}` : ''}${key.serial !== undefined ? `/21/${encodeDlValue(key.serial)}` : ''}`;
}

/**
 * The printed URI of a unit: `https://{domain}/01/{gtin}/10/{lot}/21/{serial}` (uncompressed);
 * with a signature, its AI 8030 data attribute in the query string (`?8030=…`): a data attribute,
 * not a key qualifier, so never a path segment.
 */
export function digitalLinkUri(origin: string, key: DigitalLinkKey, signature?: string): string {
  return origin + digitalLinkPath(key) + (signature ? `?${GS1_SIGNATURE_AI}=${signature}` : '');
}

/** GS1 AI 8030, digital signature (DigSig): format Z..90, file-safe base64 (GS1 character set 64). */
export const GS1_SIGNATURE_AI = '8030';
/** An Ed25519 signature (64 bytes) is 86 base64url characters without padding, within AI 8030's 90. */
export const GS1_SIGNATURE_LENGTH = 86;

/** Whether a value is an AI 8030 value at all: 1 to 90 characters of set 64 (A–Z a–z 0–9 - _, = only as padding). */
export function isGs1SignatureValue(value: string): boolean {
  return /^[A-Za-z0-9_-]+={0,2}$/.test(value) && value.length <= 90;
}

/**
 * The bytes a unit's signature signs (UTF-8): the canonical path of its key, primary key and
 * qualifiers, `/01/{14-digit gtin}/10/{lot}/21/{serial}` with the values percent-encoded as
 * printed. Not the domain: a brand's codes verify on each of its domains. Unambiguous, since a
 * value's own `/` is percent-encoded.
 */
export function signedMessageOf(key: DigitalLinkKey): string {
  return digitalLinkPath(key);
}

/** The line printed under a code for people (and tills that cannot read the link): `(01) … (10) … (21) …`. */
export function humanReadableLine(key: DigitalLinkKey): string {
  return `(01) ${key.gtin}${key.lot !== undefined ? ` (10) ${key.lot}` : ''}${key.serial !== undefined ? ` (21) ${key.serial}` : ''}`;
}

export type ParsedDigitalLink = { ok: true; key: DigitalLinkKey } | { ok: false; problem: string };

/** Whether a path is one the resolver answers (a GTIN primary key); anything else stays an ordinary page path. */
export function isDigitalLinkPath(pathname: string): boolean {
  return /^\/01(\/|$)/.test(pathname);
}

/**
 * Whether a path may be a compressed Digital Link URI (one segment of base64url characters, GS1
 * Digital Link: Compression); only the resolver's decompression tells for sure.
 */
export function isCompressedCandidate(pathname: string): boolean {
  return /^\/[A-Za-z0-9_-]{10,}\/?$/.test(pathname);
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * Parses the path of an uncompressed Digital Link URI with a GTIN (`/01/…`). A trailing slash is
 * tolerated; the qualifiers are the lot (10) and the serial (21), in that order, each at most
 * once. A GTIN of 8, 12 or 13 digits is read as its 14-digit form. Anything else (an unknown or
 * repeated qualifier, a value outside GS1's character set, a wrong check digit, an extra segment)
 * is malformed: the resolver answers 400.
 */
export function parseDigitalLinkPath(pathname: string): ParsedDigitalLink {
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const segments = trimmed.split('/').slice(1);
  if (segments[0] !== '01') return { ok: false, problem: 'The path must start with /01/ and a GTIN.' };
  if (segments.length < 2 || segments.length % 2 !== 0) return { ok: false, problem: 'Each key in the path must have a value.' };
  const gtin = normalizeGtin(segments[1] ?? '');
  if (!gtin.ok) return { ok: false, problem: `The GTIN ${gtin.problem}.` };
  const key: DigitalLinkKey = { gtin: gtin.gtin };
  const order = ['10', '21'];
  let last = -1;
  for (let i = 2; i < segments.length; i += 2) {
    const ai = segments[i]!;
    const at = order.indexOf(ai);
    if (at < 0) return { ok: false, problem: `The key qualifier ${ai} is not one this resolver reads after a GTIN (10, 21).` };
    if (at <= last) return { ok: false, problem: 'The key qualifiers must come in the order 10, 21, each once.' };
    last = at;
    const value = decodeSegment(segments[i + 1]!);
    if (value === undefined || !isGs1Text(value)) return { ok: false, problem: `The value of ${ai} ${GS1_TEXT_PROBLEM}.` };
    if (ai === '10') key.lot = value;
    else key.serial = value;
  }
  return { ok: true, key };
}

/** GS1 link types the resolver offers, by their short name in the GS1 Web vocabulary. */
export const GS1_LINK_TYPES = ['verificationService', 'pip', 'registerProduct', 'customerSupport', 'recallStatus'] as const;
export type Gs1LinkType = (typeof GS1_LINK_TYPES)[number];

/** The GS1 Web vocabulary's namespace as linksets name link relations. */
export const GS1_VOC = 'https://ref.gs1.org/voc/';

/**
 * The short name of a requested link type (`gs1:pip`, `https://gs1.org/voc/pip`,
 * `https://ref.gs1.org/voc/pip`, `http://gs1.org/voc/pip`), or undefined when it is not a GS1 one.
 */
export function linkTypeName(requested: string): string | undefined {
  const m = /^(?:gs1:|https?:\/\/(?:ref\.|www\.)?gs1\.org\/voc\/)([A-Za-z]+)$/.exec(requested.trim());
  return m?.[1];
}
