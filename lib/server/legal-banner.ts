import 'server-only';
import { cache } from 'react';
import { cookies, headers } from 'next/headers';
import { safeReturnPath } from '@/lib/shared/return-path';
import { unstable_rethrow } from 'next/navigation';
import { brandCache } from '@/lib/edge/brand-cache';
import { cookieName, usesHostPrefix } from '@/lib/edge/cookies';
import { COOKIE_CONSENT_SEEN_COOKIE, LEGAL_SEEN_COOKIE, parseLegalSeen, unseenPolicies } from '@/lib/shared/legal-seen';
import type { LegalDocumentType } from '@/lib/domain/legal';
import { callRoute } from './call-route';
import { currentLegalDocumentsRoute } from './routes';
import { BRAND_CACHE_MS, brandHostKey } from './tenant';
import { pageOverHttps } from './session';

// Whether the page's first HTML carries the 'Stay Informed !!!' banner (lib/shared/legal-seen.ts):
// the brand's current documents (asked of the API as the browser would, kept per host as long as
// the brand's clone-info) against the documents this browser's cookie says it has seen accepted.
// A guess the browser corrects: a failure here only means no banner until the browser draws one.

type Current = { documentType: LegalDocumentType; documentId: string }[];
const kept = brandCache<Current>('page-legal-current', BRAND_CACHE_MS, 10_000);

/** The brand's current documents (by type and id), for the banner's plain-form Accept too. */
export async function currentLegalDocuments(): Promise<Current> {
  return currentDocuments(await brandHostKey());
}

async function currentDocuments(host: string): Promise<Current> {
  const hit = kept.get(host);
  if (hit) return hit;
  const stamp = kept.stamp();
  const { documents } = await callRoute(currentLegalDocumentsRoute);
  const current = documents.map((d) => ({ documentType: d.documentType, documentId: d.documentId }));
  kept.set(host, current, stamp);
  return current;
}

export type ServerLegalBanner = {
  /** The document types the server's banner lists; none: no banner in the HTML. */
  unseen: LegalDocumentType[];
  /** Nothing seen accepted in this browser: a first visit, told nothing of 'updated'. */
  first: boolean;
  /** Whether the first HTML carries the 'Cookie Notice' (this browser has not seen cookie consent given). */
  cookieNotice: boolean;
  /** The page the banner's plain-form Accept returns to. */
  back: string;
  /** Where the browser keeps what it has seen accepted: the cookie's name on this request, and whether it is Secure. */
  cookie: { name: string; secure: boolean };
};

/** Where no banner is drawn at all (a blocked screen). */
export const NO_SERVER_BANNER: ServerLegalBanner = { unseen: [], first: true, cookieNotice: false, back: '/', cookie: { name: LEGAL_SEEN_COOKIE, secure: false } };

/** The server's banner for this request (lib/shared/legal-seen.ts). */
export const serverLegalBanner = cache(async (): Promise<ServerLegalBanner> => {
  const prefixed = usesHostPrefix(await pageOverHttps());
  const cookie = { name: cookieName(LEGAL_SEEN_COOKIE, prefixed), secure: prefixed };
  const back = safeReturnPath((await headers()).get('x-pathname'));
  const cookieNotice = (await cookies()).get(cookieName(COOKIE_CONSENT_SEEN_COOKIE, prefixed))?.value !== '1';
  try {
    const host = await brandHostKey();
    const seen = parseLegalSeen((await cookies()).get(cookie.name)?.value);
    return { unseen: unseenPolicies(await currentDocuments(host), seen), first: seen.size === 0, cookieNotice, back, cookie };
  } catch (err) {
    unstable_rethrow(err);
    return { unseen: [], first: true, cookieNotice, back, cookie };
  }
});
