import 'server-only';
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { ApiError } from '@/lib/errors';
import { parseHost } from '@/lib/shared/host';
import { cameOverHttps } from '@/lib/shared/https';
import { sessionSecret } from '@/lib/auth/keys';
import {
  CONSOLE_CSRF_COOKIE,
  CONSOLE_CSRF_HEADER,
  CONSOLE_SESSION_COOKIE,
  consoleCookieName,
  consoleCsrfProof,
  consoleSessionTtlSeconds,
  isConsoleRequestHeaders,
  sameProof,
  sealStaffSessionId,
  serializeConsoleCookie,
  unsealStaffSessionId,
} from '@/lib/edge/console-host';
import { liveStaffSession, markSessionAtBrand, type LiveStaffSession } from '@/lib/console/sessions';
import { MEMBER_DISABLED, membershipAt } from '@/lib/console/staff';
import { roleMay, type AreaAccess, type ConsoleArea } from '@/lib/domain/staff-roles';
import type { AppContext, AppEnv } from '../context';
import { requestHost } from '../guards';
import type { RequestContext } from '../route-context';
import { staffRefusal } from '../security-refusals';

// The guards of the console's endpoints (docs/console.md). Every /api/console/* request must come
// to the console host (404 elsewhere, so a brand's host shows no trace of the console). Then, by
// access class (define-route.ts):
// - console (sign-in, invitation, reset): a state-changing call needs an Origin of the console host
//   and the x-csrf header;
// - staff-session: a live staff session with its second factor given (401), then the CSRF proof;
// - staff: that, then a membership of the brand named in the path (404: no such brand or not
//   theirs; the session is then recorded as having reached the brand), a membership not disabled
//   by the brand's owner (403), a role that may read or change the route's area (403), then the CSRF proof (403).
// The CSRF proof of a signed-in staff member is the HMAC of their session id (lib/edge/console-host.ts).

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const SIGN_IN_REQUIRED = 'Sign in to the console to continue.';
export const NO_SUCH_BRAND = 'No such brand in your console.';

/** 404 for every /api/console/* request that did not come to the console host. */
export const consoleHostGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!isConsoleRequestHeaders((name) => c.req.header(name))) throw new ApiError('not_found', 'No such API endpoint');
  await next();
};

const httpsOf = (c: AppContext) => cameOverHttps(c.req.url, c.req.header('x-forwarded-proto'));

/** The staff session id sealed in the request's console cookie, or undefined. */
export function staffSessionIdOf(c: AppContext): Promise<string | undefined> {
  return unsealStaffSessionId(getCookie(c, consoleCookieName(CONSOLE_SESSION_COOKIE, httpsOf(c))), sessionSecret());
}

/** The request's live staff session (second factor given or not), or undefined. */
export async function staffSessionOf(c: AppContext): Promise<LiveStaffSession | undefined> {
  const sid = await staffSessionIdOf(c);
  return sid ? liveStaffSession(sid) : undefined;
}

function assertSameOrigin(c: AppContext) {
  const origin = c.req.header('origin');
  let originHost: string | undefined;
  try {
    originHost = origin ? parseHost(new URL(origin).host) : undefined;
  } catch {
    originHost = undefined;
  }
  if (!originHost || originHost !== parseHost(requestHost(c))) throw new ApiError('forbidden', 'Cross-site request refused');
}

/** console class: Origin of the console host and the x-csrf header on a state-changing call. */
export const consoleCsrf: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (UNSAFE.has(c.req.method)) {
    assertSameOrigin(c);
    if (!c.req.header(CONSOLE_CSRF_HEADER)) throw new ApiError('forbidden', `Missing ${CONSOLE_CSRF_HEADER} header`);
  }
  await next();
};

/** Signed-in classes: the Origin, and x-csrf equal to the session's proof. After the session guard. */
export const staffCsrf: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (UNSAFE.has(c.req.method)) {
    assertSameOrigin(c);
    const want = await consoleCsrfProof(c.var.staff.sessionId, sessionSecret());
    if (!sameProof(c.req.header(CONSOLE_CSRF_HEADER), want)) throw new ApiError('forbidden', 'Missing or wrong x-csrf proof; reload the page');
  }
  await next();
};

/** A live staff session whose second factor was given (401 otherwise). */
export const requireStaffSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const session = await staffSessionOf(c);
  if (!session?.secondFactor) throw new ApiError('unauthorized', SIGN_IN_REQUIRED);
  c.set('staff', { staffId: session.staffId, email: session.email, name: session.name, sessionId: session.sessionId });
  await next();
};

/** The brand of the path, of which the staff member must be a member (404), with a role that may (403). */
export function requireStaffBrand(area: ConsoleArea, access: AreaAccess): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const slug = c.req.param('brand');
    const member = slug ? await membershipAt(c.var.staff.staffId, slug) : undefined;
    if (!member) throw await staffRefusal(c, new ApiError('not_found', NO_SUCH_BRAND), { slug, reason: 'not a member of this brand' });
    // Disabled at this brand by its owner: every request refused, whatever the role (their other brands are untouched).
    if (member.disabled) throw await staffRefusal(c, new ApiError('forbidden', MEMBER_DISABLED), { clientId: member.client.id, reason: 'member disabled at this brand' });
    // From now on this brand's owners see (and may end) this session.
    await markSessionAtBrand(c.var.staff.sessionId, member.client.id);
    if (!roleMay(member.role, area, access)) {
      const err = new ApiError('forbidden', `Your role (${member.role}) may not ${access === 'write' ? 'change' : 'see'} this.`);
      throw await staffRefusal(c, err, { clientId: member.client.id, reason: `role ${member.role} may not ${access} ${area}` });
    }
    c.set('staffBrand', { client: member.client, role: member.role });
    await next();
  };
}

/** Starts a console session's cookies: the sealed session id and its CSRF proof. */
export async function setStaffCookies(ctx: RequestContext, sessionId: string): Promise<void> {
  const opts = { https: ctx.https, host: ctx.host, maxAge: consoleSessionTtlSeconds() };
  ctx.cookies.set(serializeConsoleCookie(CONSOLE_SESSION_COOKIE, await sealStaffSessionId(sessionId, sessionSecret()), { ...opts, httpOnly: true }));
  ctx.cookies.set(serializeConsoleCookie(CONSOLE_CSRF_COOKIE, await consoleCsrfProof(sessionId, sessionSecret()), { ...opts, httpOnly: false }));
}

export function clearStaffCookies(ctx: RequestContext): void {
  const opts = { https: ctx.https, host: ctx.host, maxAge: 0 };
  ctx.cookies.set(serializeConsoleCookie(CONSOLE_SESSION_COOKIE, '', { ...opts, httpOnly: true }));
  ctx.cookies.set(serializeConsoleCookie(CONSOLE_CSRF_COOKIE, '', { ...opts, httpOnly: false }));
}

/** The staff session id of a use case's request (from its cookie), or undefined. */
export function staffSessionIdFrom(ctx: RequestContext): Promise<string | undefined> {
  return unsealStaffSessionId(ctx.cookies.get(consoleCookieName(CONSOLE_SESSION_COOKIE, ctx.https)), sessionSecret());
}
