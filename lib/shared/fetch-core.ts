import { CSRF_HEADER, CSRF_VALUE, isJwtExpired, isStateChanging, readBody, withTimeout } from './fetch-rules';

// The one authenticated fetch of the Brand API (DESIGN.md section 1), shared by the browser
// (lib/client/http.ts: JSON calls; lib/client/upload.ts: multipart, extra headers, downloads)
// and server components calling another deployment (lib/server/api-fetch.ts, BRAND_API_URL). Where a request goes, and how a token is
// found, refreshed and lost, are the caller's; the rules are here, once:
// Bearer token, CSRF header on state-changing calls, a JSON body as application/json, a
// FormData as it is, 10 s timeout (UPLOAD_TIMEOUT_MS for file transfers), 'jwt expired' →
// refresh once and retry, 401 → the caller's `unauthorized` (the browser logs out and reloads).
// Plain TypeScript, no DOM and no Node APIs.

/** File transfers (uploads and downloads): a 25 MB video on a phone connection takes more than 10 s. */
export const UPLOAD_TIMEOUT_MS = 120_000;

export type ApiCall = {
  method?: string;
  /** A FormData is sent as multipart (the runtime writes the boundary); anything else as JSON. */
  body?: unknown;
  /** Extra request headers, e.g. Idempotency-Key. */
  headers?: Record<string, string>;
  accept?: string;
  /** HTTP_TIMEOUT_MS when not given. */
  timeoutMs?: number;
};

export type OutgoingInit = { method: string; headers: Headers; body: BodyInit | undefined; signal: AbortSignal };

/** Sends one request for a path under /api; the browser and the server each know where to. */
export type Transport = (path: string, init: OutgoingInit) => Promise<Response>;

export type Tokens = {
  /** The token to send; throws (with the refresh message) when there is none to be had. */
  current: () => Promise<string>;
  /** A new token, after a 'jwt expired' answer (asked for at most once per call). */
  refresh: () => Promise<string>;
  /** After a 401 that is not an expired token, before the call answers it (and its wrapper fails). */
  unauthorized?: () => Promise<void>;
};

/** One request with the rules of every call, without a token or with this one. */
export function sendOnce(transport: Transport, path: string, call: ApiCall = {}, token?: string): Promise<Response> {
  const method = call.method ?? 'GET';
  const headers = new Headers({ accept: call.accept ?? 'application/json', ...call.headers });
  if (isStateChanging(method)) headers.set(CSRF_HEADER, CSRF_VALUE);
  let body: BodyInit | undefined;
  if (call.body instanceof FormData) body = call.body;
  else if (call.body !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(call.body);
  }
  if (token) headers.set('authorization', `Bearer ${token}`);
  return withTimeout((signal) => transport(path, { method, headers, body, signal }), call.timeoutMs);
}

/**
 * One call: without `tokens` a public one (no token, no 401 handling); with them a signed-in
 * one. Answers the Response of a success or an error (answerOf turns an error into the
 * catalogue's ApiRequestError); on a 401 `unauthorized` has run first.
 */
export async function coreFetch(transport: Transport, path: string, call: ApiCall = {}, tokens?: Tokens): Promise<Response> {
  if (!tokens) return sendOnce(transport, path, call);
  let res = await sendOnce(transport, path, call, await tokens.current());
  if (!res.ok && isJwtExpired(res.status, await readBody(res.clone()))) {
    res = await sendOnce(transport, path, call, await tokens.refresh());
  }
  if (res.status === 401) await tokens.unauthorized?.();
  return res;
}
