// The first-party device id (docs/verification.md, "Risk"): a random id in a cookie of the
// brand's own host, set on the verify pages, that groups one phone's scans into a session. No
// fingerprinting: nothing about the device is read; clearing cookies makes a new one.
// Issued by the server and signed: the cookie (and the API's x-device-id) holds the id and a MAC
// over the id and the brand's domain, keyed from the server's secret, so an invented id, or one
// issued for another brand, is no device at all (docs/verification.md, "What each signal is trusted for").

import { serializeCookie, type CookieAttributes } from '@/lib/edge/cookies';

/** The bare name; over HTTPS the cookie is `__Host-device_id` (lib/edge/cookies.ts). */
export const DEVICE_COOKIE = 'device_id';
/** The API also takes it in this header (apps that keep their own cookie jar). */
export const DEVICE_HEADER = 'x-device-id';
/** About 400 days, the longest a browser keeps a cookie. */
export const DEVICE_COOKIE_MAX_AGE = 400 * 24 * 3600;

const FORMAT = /^dv_[A-Za-z0-9_-]{22}$/;
const ISSUED_FORMAT = /^(dv_[A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/;
export const DEVICE_ID_FORMAT_MESSAGE = 'must be a device id this server issued for this brand (POST /api/device-id)';

/** The bare id (dv_ and 22 characters), as stored with a scan; never trusted as sent. */
export const isDeviceId = (value: string | null | undefined): value is string => typeof value === 'string' && FORMAT.test(value);

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();
const base64url = (bytes: Uint8Array) => {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};
/** The MAC key: HMAC-SHA256 of the purpose under the server's secret (one key per purpose). */
function keyOf(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = (async () => {
      const master = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
      const derived = await crypto.subtle.sign('HMAC', master, encoder.encode('brand-verify device-id'));
      return crypto.subtle.importKey('raw', derived, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    })();
    if (keys.size > 4) keys.clear();
    keys.set(secret, key);
  }
  return key;
}
async function macOf(id: string, domain: string, secret: string): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', await keyOf(secret), encoder.encode(`${domain}\n${id}`));
  return base64url(new Uint8Array(mac)).slice(0, 22);
}

/** A new device id issued for the brand at `domain` (its parsed host), signed: `dv_…` + '.' + MAC. */
export async function issueDeviceId(domain: string, secret: string, id = newDeviceId()): Promise<string> {
  return `${id}.${await macOf(id, domain, secret)}`;
}

/**
 * The bare id of a device id this server issued for the brand at `domain`, or null: unsigned,
 * malformed, forged or issued for another brand's domain count as no device.
 */
export async function issuedDeviceIdOf(value: string | null | undefined, domain: string | undefined, secret: string | undefined): Promise<string | null> {
  if (!value || !domain || !secret) return null;
  const m = ISSUED_FORMAT.exec(value);
  if (!m) return null;
  const expected = await macOf(m[1]!, domain, secret);
  // Compared in constant time over the fixed length.
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ m[2]!.charCodeAt(i);
  return diff === 0 ? m[1]! : null;
}

/** dv_ and 132 random bits in base64url (Web Crypto: works in the Edge middleware and in Node). */
export function newDeviceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(17));
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return `dv_${btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '').slice(0, 22)}`;
}

/** Pages whose scans carry the device id: every verify page, the camera and the typed-code result. */
export const DEVICE_PATH = /(^|\/)verify\/|^\/qr-scan(\/|$)|^\/scan-result(\/|$)/;

/** The Set-Cookie value, with the attributes of the session cookie (SameSite=None; Partitioned in a brand's frame; `__Host-` over HTTPS). */
export function serializeDeviceCookie(id: string, attrs: CookieAttributes): string {
  return serializeCookie(DEVICE_COOKIE, id, attrs, DEVICE_COOKIE_MAX_AGE);
}

/** A Cookie request header with the device id set under `name` (any malformed one replaced). */
export function withDeviceCookie(cookieHeader: string | null, id: string, name = DEVICE_COOKIE): string {
  const others = (cookieHeader ?? '')
    .split(';')
    .map((p) => p.trim())
    .filter((p) => p && !p.startsWith(`${name}=`));
  return [...others, `${name}=${id}`].join('; ');
}
