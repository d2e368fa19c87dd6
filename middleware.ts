import { NextResponse, type NextRequest } from 'next/server';
import { parseHost } from '@/lib/host';
import { LOGIN_PATH, RETURN_PARAM, routeClassOf } from '@/lib/routes';
import { SESSION_COOKIE, unsealSessionId } from '@/lib/session-cookie';
import { env } from '@/lib/server/env';
import { contentSecurityPolicy } from '@/lib/server/csp';

// Edge middleware: tenant from host, the CSP with a fresh nonce, and the early redirects of the
// route classes (lib/routes.ts). Not a security boundary: every layout checks the session itself.

function redirectTo(req: NextRequest, location: string) {
  return NextResponse.redirect(new URL(location, req.url), 307);
}

async function hasValidSeal(req: NextRequest): Promise<boolean> {
  const secret = env().SESSION_SECRET;
  if (!secret) return false;
  return (await unsealSessionId(req.cookies.get(SESSION_COOKIE)?.value, secret)) !== undefined;
}

export async function middleware(req: NextRequest) {
  const { pathname, search, searchParams } = req.nextUrl;
  const cls = routeClassOf(pathname);
  // A session that the signed-in layout found dead comes back with expired=1: clear its cookie.
  const endedSession = cls === 'public-only' && searchParams.get('expired') === '1';
  const signedIn = !endedSession && cls !== undefined && cls !== 'anonymous' && (await hasValidSeal(req));

  if (cls === 'public-only' && signedIn) return redirectTo(req, '/');
  if (cls === 'signed-in' && !signedIn) {
    return redirectTo(req, `${LOGIN_PATH}?${new URLSearchParams({ [RETURN_PARAM]: pathname + search })}`);
  }

  const nonce = btoa(crypto.randomUUID());
  const csp = contentSecurityPolicy(nonce, env().NODE_ENV === 'development');
  const forward = new Headers(req.headers);
  forward.set('x-pathname', pathname + search);
  forward.set('x-brand-host', parseHost(req.headers.get('host')) ?? '');
  forward.set('x-nonce', nonce);
  forward.set('content-security-policy', csp);
  const res = NextResponse.next({ request: { headers: forward } });
  res.headers.set('content-security-policy', csp);
  if (endedSession) res.cookies.set(SESSION_COOKIE, '', { path: '/', maxAge: 0, httpOnly: true });
  return res;
}

export const config = {
  matcher: [
    {
      source: '/((?!api/|api$|_next/|favicon|.*\\.(?:svg|png|jpg|jpeg|gif|webp|ico|json|txt|xml|webmanifest|js|css|map)$).*)',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
  ],
};
