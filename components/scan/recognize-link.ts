import { isWellFormedQrId } from '@/lib/domain/qr-id';
import { VERIFY_PAGE_PREFIX, VERIFY_PAGE_PREFIXES } from '@/lib/shared/verify-paths';

// What a scanned or typed text means for this site: one of the brand's own verify links (any
// verify route, on this host), a bare qrId, or something that must never be followed (a code
// of another site or brand, or text that is not a code). Pure: the scanner, the typed-code
// forms and the server pages all use it.

export type Recognized =
  | { kind: 'ours'; path: string; qrId: string }
  | { kind: 'other-site'; host: string }
  | { kind: 'not-a-code' };

/** The verify path and qrId of a pathname, when it is exactly one of our verify routes. */
function verifyPathOf(pathname: string): { path: string; qrId: string } | undefined {
  for (const prefix of VERIFY_PAGE_PREFIXES) {
    if (!pathname.startsWith(prefix)) continue;
    const rest = pathname.slice(prefix.length).replace(/\/$/, '');
    let qrId: string;
    try {
      qrId = decodeURIComponent(rest);
    } catch {
      return undefined;
    }
    if (!isWellFormedQrId(qrId)) return undefined;
    return { path: prefix + qrId, qrId };
  }
  return undefined;
}

/** Hosts compare without case and without a leading www. (the brand's domain either way). */
const bare = (h: string) => h.toLowerCase().replace(/^www\./, '');
const sameHost = (a: string, b: string) => bare(a) === bare(b);

/**
 * Recognises `text` (a QR code's content, or what a customer typed) against this site's host
 * (`window.location.host` in the browser, the Host header on the server). A bare qrId opens
 * `/verify/{qrId}` (the route follows the code's level) unless `bareRoute` says otherwise; with
 * `bareRoute` null (the camera) only links count: a QR code of plain text is not one of ours.
 */
export function recognizeCode(text: string, host: string, bareRoute: string | null = VERIFY_PAGE_PREFIX.auto): Recognized {
  const raw = text.trim();
  if (!raw) return { kind: 'not-a-code' };
  if (isWellFormedQrId(raw)) return bareRoute === null ? { kind: 'not-a-code' } : { kind: 'ours', path: bareRoute + raw, qrId: raw };
  // "host:port/path" typed without a scheme reads as a link; "name:..." as a scheme (mailto:, WIFI:, ...).
  const hostPort = /^[^\s/:]+:\d+(\/|$)/.test(raw);
  const scheme = hostPort ? undefined : /^([a-z][a-z0-9+.-]*):/i.exec(raw)?.[1]?.toLowerCase();
  if (scheme && scheme !== 'http' && scheme !== 'https') return { kind: 'other-site', host: scheme };
  if (!scheme && !hostPort && !/^[^\s/]+\.[^\s/]+\//.test(raw)) return { kind: 'not-a-code' };
  let url: URL;
  try {
    url = new URL(scheme ? raw : `https://${raw}`);
  } catch {
    return { kind: 'not-a-code' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'other-site', host: url.protocol.replace(/:$/, '') };
  if (!sameHost(url.host, host) || url.username || url.password) return { kind: 'other-site', host: url.host };
  const found = verifyPathOf(url.pathname);
  return found ? { kind: 'ours', ...found } : { kind: 'not-a-code' };
}

/** The qrId in a typed text (a bare id or one of our links), for the forms that look a code up. */
export function qrIdOf(text: string | undefined, host: string): string | undefined {
  if (!text) return undefined;
  const r = recognizeCode(text, host);
  return r.kind === 'ours' ? r.qrId : undefined;
}

/**
 * The path the signed-in scanner opens for a recognised verify path: a printed info link (the
 * visible code as a shopper scans it) opens the unit's signed-in overt verdict, since this
 * customer is signed in already; every other route is kept.
 */
export function signedInPathOf(path: string): string {
  const info = VERIFY_PAGE_PREFIX.info;
  return path.startsWith(info) ? VERIFY_PAGE_PREFIX.overt + path.slice(info.length) : path;
}

/**
 * Where a visitor without an account goes for a recognised path: a typed bare code opens its
 * anonymous page (the product and its checks; the unit's own verdict needs sign-in there), a
 * printed link opens as printed (a hidden code's page asks for sign-in and says why).
 */
export function visitorPathOf(path: string): string {
  const auto = VERIFY_PAGE_PREFIX.auto;
  return path.startsWith(auto) ? VERIFY_PAGE_PREFIX.info + path.slice(auto.length) : path;
}
