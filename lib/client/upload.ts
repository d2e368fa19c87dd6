import {
  ApiRequestError,
  CSRF_HEADER,
  CSRF_VALUE,
  LOGOUT_PATH,
  answerOf,
  errorMessageOf,
  isJwtExpired,
  isStateChanging,
  readBody,
  withTimeout,
} from './fetch-rules';
import { http, page, refreshAccessToken } from './http';
import { authStore } from './status';

// The browser calls lib/client/http.ts cannot make: multipart uploads (FormData), extra headers
// (Idempotency-Key) and binary downloads (Blob). Same rules as http(): credentials, Bearer from
// memory (refreshed when missing), CSRF header on state-changing calls, 'jwt expired' → refresh
// once and retry, 401 → logout and reload. File transfers (uploads and downloads) get a longer
// timeout than the 10 s of a JSON call: a 25 MB video on a phone connection takes more.

const UPLOAD_TIMEOUT_MS = 120_000;

type AuthedInit = { method?: string; body?: FormData; headers?: Record<string, string>; accept?: string; timeoutMs?: number };

function send(path: string, init: AuthedInit, token: string): Promise<Response> {
  const method = init.method ?? 'GET';
  // No content-type for FormData: the browser writes the multipart boundary itself.
  const headers: Record<string, string> = { accept: init.accept ?? 'application/json', ...init.headers, authorization: `Bearer ${token}` };
  if (isStateChanging(method)) headers[CSRF_HEADER] = CSRF_VALUE;
  return withTimeout(
    (signal) => fetch('/api' + path, { method, headers, credentials: 'include', body: init.body, signal }),
    init.timeoutMs,
  );
}

/** One signed-in call with the shared rules; answers the raw Response of a success or an error. */
async function authedFetch(path: string, init: AuthedInit = {}): Promise<Response> {
  let token = authStore.get().accessToken ?? (await refreshAccessToken());
  let res = await send(path, init, token);
  if (!res.ok && isJwtExpired(res.status, await readBody(res.clone()))) {
    token = await refreshAccessToken();
    res = await send(path, init, token);
  }
  if (res.status === 401) {
    const body = await readBody(res);
    await http(LOGOUT_PATH, { method: 'POST', auth: false }).catch((err) => console.error('[upload] logout after 401 failed', err));
    page.reload();
    throw new ApiRequestError(errorMessageOf(body), 401, res.headers, body);
  }
  return res;
}

/** POSTs a multipart form; answers the JSON body or throws the catalogue's ApiRequestError. */
export async function upload<T>(path: string, form: FormData): Promise<T> {
  return answerOf<T>(await authedFetch(path, { method: 'POST', body: form, timeoutMs: UPLOAD_TIMEOUT_MS }));
}

/** A JSON call with extra request headers (e.g. Idempotency-Key). */
export async function callWithHeaders<T>(path: string, method: string, headers: Record<string, string>): Promise<T> {
  return answerOf<T>(await authedFetch(path, { method, headers }));
}

/** Downloads a file of the customer's: the Blob (typed by the answer's Content-Type) and the headers. */
export async function fetchBlob(path: string): Promise<{ blob: Blob; headers: Headers }> {
  const res = await authedFetch(path, { accept: '*/*', timeoutMs: UPLOAD_TIMEOUT_MS });
  if (!res.ok) return answerOf<never>(res);
  return { blob: await res.blob(), headers: res.headers };
}
