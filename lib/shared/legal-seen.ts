import { LEGAL_DOCUMENT_TYPES, type LegalDocumentType } from '@/lib/domain/legal';

// The 'Stay Informed !!!' banner in the page's first HTML (docs/legal-and-embedding.md, "The
// banner without a jump"). The banner sits in the page's flow above the header; drawn by the browser after the
// page's scripts, it pushed a verdict down a second after a shopper had started reading it (a
// layout shift of 0.21 on the verify page). The browser keeps, in a small cookie, which current
// documents it has seen acknowledged (by this visitor, or by the signed-in customer's account),
// so the server can draw the banner from the start for everyone else. The browser still decides:
// it replaces the server's banner with its own, or takes it away, once it knows.

/** The cookie's base name (`__Host-` over HTTPS, lib/edge/cookies.ts). Not HttpOnly: the browser writes it. */
export const LEGAL_SEEN_COOKIE = 'bv_legal_seen';
/**
 * The documents accepted by the banner's plain form before the page's scripts ran
 * (app/legal/accept/route.ts): kept ten minutes, until the scripts record the acceptance where a
 * tap would have (the account, or the visitor's choices) and clear it.
 */
export const LEGAL_ACCEPTED_COOKIE = 'bv_legal_accepted';
/**
 * Whether this browser has seen cookie consent given (by this visitor, or by the signed-in
 * customer's account): '1', a year; the server then draws no 'Cookie Notice' in the first HTML.
 * Written by the browser's banners and by the notice's plain form. Not HttpOnly.
 */
export const COOKIE_CONSENT_SEEN_COOKIE = 'bv_cookie_ok';
/**
 * Cookie consent given by the notice's plain form before the page's scripts ran: '1', kept ten
 * minutes, until the scripts record it where a tap would have and clear it.
 */
export const COOKIE_CONSENT_ACCEPTED_COOKIE = 'bv_cookie_accepted';
/** Where the banners' Accept forms post (the cookie notice's with accept=cookies). */
export const LEGAL_ACCEPT_PATH = '/legal/accept';
/** Document ids as the API makes them; anything else in the cookie is ignored. */
const ID = /^[A-Za-z0-9_-]{1,64}$/;
/** A brand has at most one current document per type. */
const MAX_IDS = LEGAL_DOCUMENT_TYPES.length;

/** The acknowledged ids a cookie value names; a malformed or tampered value names none. */
export function parseLegalSeen(raw: string | null | undefined): Set<string> {
  if (!raw || raw.length > MAX_IDS * 65) return new Set();
  const ids = raw.split('.');
  if (ids.length > MAX_IDS || !ids.every((id) => ID.test(id))) return new Set();
  return new Set(ids);
}

/** The cookie value for these ids ('' for none); ids the parser would refuse are left out. */
export function serializeLegalSeen(ids: Iterable<string>): string {
  return [...new Set(ids)].filter((id) => ID.test(id)).sort().slice(0, MAX_IDS).join('.');
}

/** The document types whose current version this browser has not seen acknowledged, in the banner's order. */
export function unseenPolicies(current: readonly { documentType: LegalDocumentType; documentId: string }[], seen: ReadonlySet<string>): LegalDocumentType[] {
  return LEGAL_DOCUMENT_TYPES.filter((t) => current.some((d) => d.documentType === t && !seen.has(d.documentId)));
}

/** The browser's cookie string for the ids, under the name and Secure the server gave (lib/server/legal-banner.ts): a year. */
export function legalSeenCookie(ids: Iterable<string>, cookie: { name: string; secure: boolean }): string {
  return `${cookie.name}=${serializeLegalSeen(ids)}; Path=/; Max-Age=31536000; SameSite=Lax${cookie.secure ? '; Secure' : ''}`;
}
