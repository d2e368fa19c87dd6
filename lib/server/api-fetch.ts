import 'server-only';
import { cache } from 'react';
import { headers } from 'next/headers';
import { env } from '@/lib/edge/env';
import { ApiRequestError, REFRESH_FAILED_MESSAGE, REFRESH_PATH, answerOf, readBody } from '@/lib/shared/fetch-rules';
import { coreFetch, sendOnce, type Transport } from '@/lib/shared/fetch-core';

// The token-aware server fetch of the BRAND_API_URL mode (DESIGN.md section 1): a typed call
// (call-route.ts) of a route of another deployment goes over HTTP here. The rules are the one
// fetch core's (lib/shared/fetch-core.ts): Bearer token, 10 s timeout, 'jwt expired' → refresh
// once and retry, messages from the error catalogue, status and headers kept. A server
// component cannot reload the page: a 401 fails the call like any other error, and the
// signed-in layout's session check (session.ts) sends the visitor to sign in again.

export { ApiRequestError };

export type ApiTransport = (req: Request) => Promise<Response>;
export type CallOptions = { method?: string; body?: unknown; auth?: boolean };
/** Where a call goes and the incoming request whose brand (host) and session (cookie) it carries. */
export type CallContext = { incoming: Headers; transport: ApiTransport; baseUrl: string };
export type AccessToken = { accessToken: string; customerId: string };

// Over HTTP, fetch sets Host itself: the remote API reads the brand from X-Forwarded-Host
// (it must run with TRUST_PROXY=1).
const FORWARDED = ['host', 'cookie', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'user-agent', 'accept-language'];

/** The core's transport for this request: the incoming brand and session headers, then the API. */
function transportOf(ctx: CallContext): Transport {
  return (path, { headers, ...init }) => {
    for (const name of FORWARDED) {
      const v = ctx.incoming.get(name);
      if (v) headers.set(name, v);
    }
    if (!headers.has('x-forwarded-host') && headers.has('host')) headers.set('x-forwarded-host', headers.get('host')!);
    return ctx.transport(new Request(`${ctx.baseUrl}/api${path}`, { ...init, headers }));
  };
}

/** GET generate-access-token with the request's cookie; no accessToken → 'Unable to verify…'. */
export async function fetchAccessToken(ctx: CallContext): Promise<AccessToken> {
  const res = await sendOnce(transportOf(ctx), REFRESH_PATH);
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
  { auth, ...call }: CallOptions,
  tokens: { current: () => Promise<string | undefined>; refresh: () => Promise<string> },
): Promise<T> {
  const signedIn = auth === false ? undefined : {
    current: async () => {
      const token = await tokens.current();
      if (!token) throw new ApiRequestError(REFRESH_FAILED_MESSAGE, 401);
      return token;
    },
    refresh: tokens.refresh,
  };
  return answerOf<T>(await coreFetch(transportOf(ctx), path, call, signedIn));
}

/** The other deployment's API (BRAND_API_URL) for the current page request. */
async function remoteContext(): Promise<CallContext> {
  const remote = env().BRAND_API_URL!;
  return { incoming: new Headers(await headers()), transport: (req) => fetch(req), baseUrl: remote.replace(/\/+$/, '') };
}

/** The request's access token from the other deployment, asked for once per server request. */
export const currentAccessToken = cache(async (): Promise<AccessToken> => fetchAccessToken(await remoteContext()));

/** One call of the other deployment's API for the current page request, with the token when `auth`. */
export async function remoteFetch(path: string, opts: CallOptions = {}): Promise<unknown> {
  const ctx = await remoteContext();
  return callApi<unknown>(ctx, path, opts, {
    current: async () => (await currentAccessToken().catch(() => undefined))?.accessToken,
    refresh: async () => (await fetchAccessToken(ctx)).accessToken,
  });
}
