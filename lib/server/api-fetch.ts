import 'server-only';
import { cache } from 'react';
import { headers } from 'next/headers';
import { env } from './env';
import {
  ApiRequestError,
  CSRF_HEADER,
  CSRF_VALUE,
  REFRESH_FAILED_MESSAGE,
  REFRESH_PATH,
  answerOf,
  isJwtExpired,
  isStateChanging,
  readBody,
  withTimeout,
} from '@/lib/client/fetch-rules';

// The token-aware server fetch (DESIGN.md section 1): server components call the Brand API
// in-process by default (no socket), over HTTP when BRAND_API_URL is set. Same rules as the
// browser client (lib/client/fetch-rules.ts): Bearer token, 10 s timeout, 'jwt expired' →
// refresh once and retry, messages from the error catalogue, status and headers kept.

export { ApiRequestError };

export type ApiTransport = (req: Request) => Promise<Response>;
export type CallOptions = { method?: string; body?: unknown; auth?: boolean };
/** Where a call goes and the incoming request whose brand (host) and session (cookie) it carries. */
export type CallContext = { incoming: Headers; transport: ApiTransport; baseUrl: string };
export type AccessToken = { accessToken: string; customerId: string };

// Over HTTP, fetch sets Host itself: the remote API reads the brand from X-Forwarded-Host
// (it must run with TRUST_PROXY=1).
const FORWARDED = ['host', 'cookie', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'user-agent', 'accept-language'];

function send(ctx: CallContext, path: string, { method = 'GET', body }: CallOptions, token?: string): Promise<Response> {
  const h = new Headers({ accept: 'application/json' });
  for (const name of FORWARDED) {
    const v = ctx.incoming.get(name);
    if (v) h.set(name, v);
  }
  if (!h.has('x-forwarded-host') && h.has('host')) h.set('x-forwarded-host', h.get('host')!);
  if (isStateChanging(method)) h.set(CSRF_HEADER, CSRF_VALUE);
  if (body !== undefined) h.set('content-type', 'application/json');
  if (token) h.set('authorization', `Bearer ${token}`);
  return withTimeout((signal) =>
    ctx.transport(
      new Request(`${ctx.baseUrl}/api${path}`, {
        method,
        headers: h,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      }),
    ),
  );
}

/** GET generate-access-token with the request's cookie; no accessToken → 'Unable to verify…'. */
export async function fetchAccessToken(ctx: CallContext): Promise<AccessToken> {
  const res = await send(ctx, REFRESH_PATH, {});
  const body = (await readBody(res)) as { accessToken?: unknown; _id?: unknown } | undefined;
  if (!res.ok || typeof body?.accessToken !== 'string' || !body.accessToken) {
    throw new ApiRequestError(REFRESH_FAILED_MESSAGE, res.ok ? 500 : res.status, res.headers, body);
  }
  return { accessToken: body.accessToken, customerId: String(body._id ?? '') };
}

/**
 * One call with the rules applied. `tokens.current` gives the request's token (cached per
 * request); `tokens.refresh` gets a fresh one after 'jwt expired' (once per call).
 */
export async function callApi<T>(
  ctx: CallContext,
  path: string,
  opts: CallOptions,
  tokens: { current: () => Promise<string | undefined>; refresh: () => Promise<string> },
): Promise<T> {
  if (opts.auth === false) return answerOf<T>(await send(ctx, path, opts));
  let token = await tokens.current();
  if (!token) throw new ApiRequestError(REFRESH_FAILED_MESSAGE, 401);
  let res = await send(ctx, path, opts, token);
  if (!res.ok && isJwtExpired(res.status, await readBody(res.clone()))) {
    token = await tokens.refresh();
    res = await send(ctx, path, opts, token);
  }
  return answerOf<T>(res);
}

/** In-process through the Brand API's router, or over HTTP to BRAND_API_URL. */
export function apiTarget(): Pick<CallContext, 'transport' | 'baseUrl'> {
  const remote = env().BRAND_API_URL;
  if (remote) return { transport: (req) => fetch(req), baseUrl: remote.replace(/\/+$/, '') };
  return {
    transport: async (req) => (await import('@/lib/api/app')).brandApi().fetch(req),
    baseUrl: 'http://in-process',
  };
}

async function requestContext(): Promise<CallContext> {
  return { incoming: new Headers(await headers()), ...apiTarget() };
}

/** The request's access token, asked for once per server request. */
export const currentAccessToken = cache(async (): Promise<AccessToken> => fetchAccessToken(await requestContext()));

/** Calls the Brand API from a server component or layout of the current request. */
export async function apiFetch<T>(path: string, opts: CallOptions = {}): Promise<T> {
  const ctx = await requestContext();
  return callApi<T>(ctx, path, opts, {
    current: async () => (await currentAccessToken().catch(() => undefined))?.accessToken,
    refresh: async () => (await fetchAccessToken(ctx)).accessToken,
  });
}
