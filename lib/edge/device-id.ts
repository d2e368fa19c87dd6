// The first-party device id (docs/verification.md, "Risk"): a random id in a cookie of the
// brand's own host, set on the verify pages, that groups one phone's scans into a session. No
// fingerprinting: nothing about the device is read; clearing cookies makes a new one.

import { serializeCookie, type CookieAttributes } from '@/lib/edge/cookies';

/** The bare name; over HTTPS the cookie is `__Host-device_id` (lib/edge/cookies.ts). */
export const DEVICE_COOKIE = 'device_id';
/** The API also takes it in this header (apps that keep their own cookie jar). */
export const DEVICE_HEADER = 'x-device-id';
/** About 400 days, the longest a browser keeps a cookie. */
export const DEVICE_COOKIE_MAX_AGE = 400 * 24 * 3600;

const FORMAT = /^dv_[A-Za-z0-9_-]{22}$/;
export const DEVICE_ID_FORMAT_MESSAGE = 'must be a device id of this app (dv_ and 22 letters, digits, - or _)';

export const isDeviceId = (value: string | null | undefined): value is string => typeof value === 'string' && FORMAT.test(value);

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
