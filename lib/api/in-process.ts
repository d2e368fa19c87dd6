import 'server-only';
import type { z } from 'zod';
import { parse as parseCookies } from 'hono/utils/cookie';
import { findClientByHost } from '@/lib/brands/find-client';
import { env } from '@/lib/edge/env';
import { cookieName, usesHostPrefix } from '@/lib/edge/cookies';
import { SESSION_COOKIE, unsealSessionId } from '@/lib/edge/session-cookie';
import { sessionSecret } from '@/lib/auth/keys';
import { brandHostHeader } from '@/lib/shared/host';
import { cameOverHttps } from '@/lib/shared/https';
import { ApiRequestError, errorMessageOf, readBody } from '@/lib/shared/fetch-rules';
import type { AuthInfo, InProcessCall } from './context';
import type { Route } from './define-route';
import { liveSessionOf } from './auth/generate-access-token';

// A typed call of a route from a page of this process (DESIGN.md section 1; the shape of
// create-t3-app's `createCaller(createContext)`). The page request's scope is made once per page
// request (lib/server/call-route.ts); each call then goes through the Brand API's own app (the
// request guards, the brand, the access class's guards, the input schemas, the flag, the
// handler, the answer schema: the same code as over HTTP) with two differences:
// - the signed-in customer is the page request's session cookie, read once per page request
//   and shared by every call of it, instead of an access token minted and verified in between;
// - the handler leaves its parsed answer on the call instead of writing JSON, so nothing is
//   serialised and nothing parsed again. An error keeps its status, errorMessage, code and field.

type Schema = z.ZodType;
type AnyRoute = Route<Schema | undefined, Schema | undefined, Schema | undefined, Schema | undefined>;

/** What a call of `R` takes: its params, query and body as their schemas accept them. */
export type RouteInput<R> =
  R extends Route<infer P, infer Q, infer B, Schema | undefined>
    ? (P extends Schema ? { params: z.input<P> } : { params?: undefined }) &
        (Q extends Schema ? (object extends z.input<Q> ? { query?: z.input<Q> } : { query: z.input<Q> }) : { query?: undefined }) &
        (B extends Schema ? { body: z.input<B> } : { body?: undefined })
    : never;

/** What a call of `R` answers: its response schema's output. */
export type RouteAnswer<R> = R extends Route<Schema | undefined, Schema | undefined, Schema | undefined, infer S> ? (S extends Schema ? z.output<S> : undefined) : never;

/** Headers of the page request the API reads: the brand (host), the session (cookie), the caller. */
const FORWARDED = ['host', 'cookie', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'user-agent', 'accept-language'];

/** The page request as every call of it sees it; made once per page request. */
export type CallScope = { headers: Headers; customer: InProcessCall['customer'] };

export function callScope(incoming: Headers): CallScope {
  const headers = new Headers();
  for (const name of FORWARDED) {
    const v = incoming.get(name);
    if (v) headers.set(name, v);
  }
  if (!headers.has('x-forwarded-host') && headers.has('host')) headers.set('x-forwarded-host', headers.get('host')!);
  const sessions = new Map<string, Promise<AuthInfo | undefined>>();
  return {
    headers,
    // One read of the session per brand and page request, whatever the number of calls.
    customer: (clientId, cookie, https) => {
      let found = sessions.get(clientId);
      if (!found) {
        found = unsealSessionId(cookie(cookieName(SESSION_COOKIE, usesHostPrefix(https))), sessionSecret()).then((id) => liveSessionOf(clientId, id));
        sessions.set(clientId, found);
      }
      return found;
    },
  };
}

/** The path of a call: the declaration's path with its params, then its query. */
export function pathOf(route: AnyRoute, input: { params?: unknown; query?: unknown }): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = route.declaration.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    for (const one of Array.isArray(value) ? value : [value]) search.append(name, String(one));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** Calls a route of this process's Brand API for the page request of `scope`. */
export async function invokeRoute<R extends AnyRoute>(route: R, input: RouteInput<R>, scope: CallScope): Promise<RouteAnswer<R>> {
  const { method } = route.declaration;
  const { body } = input as { body?: unknown };
  const headers = new Headers(scope.headers);
  // A typed call wants the route's JSON answer, whatever the page request itself accepted (a
  // router prefetch asks for text/x-component; a route such as a legal document answers a file to
  // anything but JSON).
  headers.set('accept', 'application/json');
  if (body !== undefined) headers.set('content-type', 'application/json');
  const request = new Request(`http://in-process/api${pathOf(route, input)}`, {
    method: method.toUpperCase(),
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const call: InProcessCall = { customer: scope.customer };
  const { brandApi } = await import('./app');
  const res = await brandApi().fetch(request, { call });
  if (!res.ok) {
    const error = await readBody(res);
    throw new ApiRequestError(errorMessageOf(error), res.status, res.headers, error);
  }
  // A route without a JSON answer (a file) is not for a page to call.
  if (call.answer === undefined && route.declaration.response.schema) throw new Error(`${method.toUpperCase()} ${route.declaration.path} left no answer`);
  return call.answer as RouteAnswer<R>;
}

/**
 * The page request's signed-in customer, from the same read every call of the request shares:
 * `ended` when the cookie names no live session of the host's brand (the API would answer 401).
 * No brand for the host, or a brand shut off, leaves the question open (no session, not ended).
 */
export async function pageCustomer(scope: CallScope): Promise<{ customer?: AuthInfo; ended: boolean }> {
  const get = (name: string) => scope.headers.get(name);
  const client = await findClientByHost(brandHostHeader(get, !!env().TRUST_PROXY));
  if (!client || client.serviceStatus === 'Blacklisted') return { ended: false };
  const cookies = parseCookies(get('cookie') ?? '');
  const customer = await scope.customer(client.id, (name) => cookies[name], cameOverHttps('http://in-process/', get('x-forwarded-proto')));
  return customer ? { customer, ended: false } : { ended: true };
}
