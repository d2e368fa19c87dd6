import { cookies, headers } from 'next/headers';
import { NextResponse } from 'next/server';
import { cookieName, usesHostPrefix } from '@/lib/edge/cookies';
import { COOKIE_CONSENT_ACCEPTED_COOKIE, COOKIE_CONSENT_SEEN_COOKIE, LEGAL_ACCEPTED_COOKIE, LEGAL_SEEN_COOKIE, legalSeenCookie, parseLegalSeen, serializeLegalSeen } from '@/lib/shared/legal-seen';
import { safeReturnPath } from '@/lib/shared/routes';
import { currentLegalDocuments } from '@/lib/server/legal-banner';
import { pageOverHttps } from '@/lib/server/session';

// POST /legal/accept — the 'Stay Informed !!!' banner's Accept as a plain form, so it works before
// the page's scripts have loaded (on a slow phone they take seconds). It records, in this browser's
// cookies, the current documents as seen accepted (the server then draws no banner) and marks them
// accepted for a few minutes; the page's scripts, once loaded, send the acceptance to the account
// (or keep it in the visitor's choices) as a tap on the browser's banner would, then clear the mark.
// The 'Cookie Notice' posts here too (accept=cookies): cookie consent, seen given for a year (no
// notice in the next page's HTML) and marked for the scripts to record, the same way.
// Only a form of this site counts (Origin or Sec-Fetch-Site); the way back is a path of this site.

export const dynamic = 'force-dynamic';

function sameSite(h: Headers): boolean {
  const fetchSite = h.get('sec-fetch-site');
  if (fetchSite) return fetchSite === 'same-origin';
  const origin = h.get('origin');
  if (!origin) return false;
  try {
    return new URL(origin).host === h.get('host');
  } catch {
    return false;
  }
}

export async function POST(req: Request): Promise<Response> {
  const h = await headers();
  if (!sameSite(h)) return NextResponse.json({ errorMessage: 'This form is accepted from this site only.' }, { status: 403 });
  let back = '/';
  let accept: FormDataEntryValue | null = null;
  try {
    const form = await req.formData();
    const raw = form.get('back');
    back = safeReturnPath(typeof raw === 'string' ? raw : null);
    accept = form.get('accept');
  } catch {
    return NextResponse.json({ errorMessage: 'back: the form could not be read' }, { status: 400 });
  }
  if (accept !== null && accept !== 'cookies' && accept !== 'policies') return NextResponse.json({ errorMessage: 'accept: must be cookies or policies' }, { status: 400 });
  const https = await pageOverHttps();
  const prefixed = usesHostPrefix(https);
  const secure = prefixed ? '; Secure' : '';
  if (accept === 'cookies') {
    const res = new Response(null, { status: 303, headers: { location: back, 'cache-control': 'no-store' } });
    res.headers.append('set-cookie', `${cookieName(COOKIE_CONSENT_SEEN_COOKIE, prefixed)}=1; Path=/; Max-Age=31536000; SameSite=Lax${secure}`);
    res.headers.append('set-cookie', `${cookieName(COOKIE_CONSENT_ACCEPTED_COOKIE, prefixed)}=1; Path=/; Max-Age=600; SameSite=Lax${secure}`);
    return res;
  }
  const seenName = cookieName(LEGAL_SEEN_COOKIE, prefixed);
  const seen = parseLegalSeen((await cookies()).get(seenName)?.value);
  let current: string[];
  try {
    current = (await currentLegalDocuments()).map((d) => d.documentId);
  } catch {
    return NextResponse.json({ errorMessage: 'Something went wrong!' }, { status: 503 });
  }
  // 303: the browser follows with a GET of the page it came from.
  const res = new Response(null, { status: 303, headers: { location: back, 'cache-control': 'no-store' } });
  res.headers.append('set-cookie', legalSeenCookie([...seen, ...current], { name: seenName, secure: prefixed }));
  const marked = serializeLegalSeen(current);
  res.headers.append(
    'set-cookie',
    `${cookieName(LEGAL_ACCEPTED_COOKIE, prefixed)}=${marked}; Path=/; Max-Age=600; SameSite=Lax${prefixed ? '; Secure' : ''}`,
  );
  return res;
}
