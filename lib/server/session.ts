import 'server-only';
import { cache } from 'react';
import { cookies, headers } from 'next/headers';
import { redirect, unstable_rethrow } from 'next/navigation';
import { currentCustomer } from './call-route';
import { ApiRequestError } from '@/lib/shared/fetch-rules';
import { LOGIN_PATH, RETURN_PARAM, safeReturnPath } from '@/lib/shared/routes';
import { endedSessionProof, sessionCookieName } from '@/lib/edge/session-cookie';
import { cameOverHttps } from '@/lib/shared/https';
import { sessionSecret } from '@/lib/auth/keys';

// The session layer is two functions (STYLE.md habit 5). Each route-group layout calls one of
// them itself; middleware only redirects early.

export type Session = { customerId: string };

/**
 * The request's session cookie, under the name it goes by on the request's scheme (`__Host-`
 * over https; lib/edge/cookies.ts). Middleware sets X-Forwarded-Proto on every page request to the
 * scheme it decided, so this reads the name middleware and the API read.
 */
async function sessionCookieValue(): Promise<string | undefined> {
  return (await cookies()).get(sessionCookieName(await pageOverHttps()))?.value;
}

/** Whether this page request came over HTTPS, as middleware decided it (X-Forwarded-Proto, set on every page request). */
export async function pageOverHttps(): Promise<boolean> {
  return cameOverHttps('http://page.invalid/', (await headers()).get('x-forwarded-proto'));
}

/**
 * The request's cookie turned into a session by the API: the session, or why there is none.
 * `ended` only when the API said so (401: missing, tampered, expired, idle or revoked session);
 * any other failure (the database busy, an error) leaves the question open.
 */
const readSessionState = cache(async (): Promise<{ session?: Session; ended: boolean }> => {
  // No cookie, no session: an anonymous scan need not ask the API (the hot path of a shop visit).
  if ((await sessionCookieValue()) === undefined) return { ended: false };
  try {
    return { session: await currentCustomer(), ended: false };
  } catch (err) {
    unstable_rethrow(err); // Next's own control flow (dynamic usage while prerendering) goes on
    return { ended: err instanceof ApiRequestError && err.status === 401 };
  }
});

/**
 * Whether the request carries a session cookie at all (not whether it is still good). Without
 * one the browser need not ask for a token at start-up: the answer could only be 401.
 */
export async function hasSessionCookie(): Promise<boolean> {
  return (await sessionCookieValue()) !== undefined;
}

/** The live session of this request (the API's read of its cookie), or undefined. */
export const readSession = cache(async (): Promise<Session | undefined> => (await readSessionState()).session);

/** The path the visitor asked for (set by middleware), for the return after sign-in. */
export async function requestedPath(): Promise<string> {
  return safeReturnPath((await headers()).get('x-pathname'));
}

/**
 * The signed-in customer, or a redirect to /login remembering the path. A cookie whose session
 * has ended (the API answered 401) is marked `expired=1` (with this server's proof of it,
 * `ended`) so middleware clears it instead of bouncing back to '/'. When the session could not be
 * checked at all, nobody is signed out: the screen fails and can be tried again.
 */
export async function requireCustomer(): Promise<Session> {
  const { session, ended: sessionEnded } = await readSessionState();
  if (session) return session;
  const params = new URLSearchParams({ [RETURN_PARAM]: await requestedPath() });
  const ended = await sessionCookieValue();
  if (ended !== undefined && !sessionEnded) throw new Error('Your session could not be checked just now. Please try again.');
  if (ended !== undefined) {
    params.set('expired', '1');
    params.set('ended', await endedSessionProof(ended, sessionSecret()));
  }
  redirect(`${LOGIN_PATH}?${params}`);
}
