import { ApiRequestError, LOGOUT_PATH, REFRESH_FAILED_MESSAGE, REFRESH_PATH, answerOf, readBody } from '@/lib/shared/fetch-rules';
import { coreFetch, sendOnce, type ApiCall, type Tokens, type Transport } from '@/lib/shared/fetch-core';
import { authStore } from './status';

// The browser's client of the Brand API (DESIGN.md section 1) over the one fetch core
// (lib/shared/fetch-core.ts): credentials always sent, the access token kept in memory and sent
// as Bearer on every call but the refresh, 10 s timeout, 'jwt expired' → refresh once and retry,
// 401 → logout and reload. lib/client/upload.ts adds multipart, extra headers and downloads.

const API_BASE = '/api';

export type HttpOptions = { method?: string; body?: unknown; auth?: boolean };

const transport: Transport = (path, init) => fetch(API_BASE + path, { ...init, credentials: 'include' });

let refreshing: Promise<string> | undefined;
/** Bumped when the token is forgotten: a refresh that started before must not set the status after. */
let signedInEpoch = 0;

/**
 * GET generate-access-token with the session cookie; the token is kept in memory. Without an
 * accessToken in the answer the auth status becomes FAILED. Concurrent callers share one call.
 */
export function refreshAccessToken(): Promise<string> {
  refreshing ??= (async () => {
    const epoch = signedInEpoch;
    // A sign-out while this call is out wins: its answer, token or failure, is no longer news.
    const current = () => epoch === signedInEpoch;
    authStore.set({ ...authStore.get(), status: 'LOADING' });
    try {
      const res = await sendOnce(transport, REFRESH_PATH);
      const body = (await readBody(res)) as { accessToken?: unknown; _id?: unknown } | undefined;
      if (!res.ok || typeof body?.accessToken !== 'string' || !body.accessToken) {
        throw new ApiRequestError(REFRESH_FAILED_MESSAGE, res.ok ? 500 : res.status, res.headers, body);
      }
      if (current()) authStore.set({ status: 'SUCCESS', accessToken: body.accessToken, customerId: String(body._id ?? '') });
      return body.accessToken;
    } catch (err) {
      if (current()) authStore.set({ status: 'FAILED' });
      const status = err instanceof ApiRequestError ? err.status : 0;
      const headers = err instanceof ApiRequestError ? err.headers : undefined;
      throw new ApiRequestError(REFRESH_FAILED_MESSAGE, status, headers);
    } finally {
      if (current()) refreshing = undefined; // a refresh begun after a sign-out is not this one's to clear
    }
  })();
  return refreshing;
}

/** Forgets the in-memory token (after sign-out). */
export function clearAccessToken() {
  signedInEpoch++;
  refreshing = undefined;
  authStore.set({ status: 'DEFAULT' });
}

/** The page reload after a 401 (an object so tests can watch it; jsdom cannot reload). */
export const page = { reload: () => window.location.reload() };

/** On a 401: log out, then reload; a failing logout is only logged (spec section 8). */
async function logoutAndReload() {
  try {
    await sendOnce(transport, LOGOUT_PATH, { method: 'POST' });
  } catch (err) {
    console.error('[http] logout after 401 failed', err);
  }
  page.reload();
}

/** The tokens of a signed-in browser call: from memory (refreshed when missing), logout and reload on a 401. */
const tokens: Tokens = {
  current: async () => authStore.get().accessToken ?? (await refreshAccessToken()),
  refresh: refreshAccessToken,
  unauthorized: logoutAndReload,
};

/**
 * One call under the browser's rules; `auth: false` for calls made before sign-in (no token, no
 * 401 handling); `via`: another transport, given the whole URL (an upload that reports its progress).
 */
export function apiResponse(path: string, call: ApiCall = {}, auth = true, via?: Transport): Promise<Response> {
  return coreFetch(via ? (p, init) => via(API_BASE + p, init) : transport, path, call, auth ? tokens : undefined);
}

/** Calls the Brand API with a JSON body; answers the JSON body or throws the catalogue's ApiRequestError. */
export async function http<T>(path: string, { auth, ...call }: HttpOptions = {}): Promise<T> {
  return answerOf<T>(await apiResponse(path, call, auth !== false));
}

/**
 * Signs out: forget the token, POST logout, forget it again. A token refresh still out when the
 * customer signs out fails or succeeds without effect, so it cannot send them to /login?from=…
 * (a failed refresh's redirect) or keep a token of the ended session.
 */
export async function signOut(): Promise<void> {
  clearAccessToken();
  try {
    await http(LOGOUT_PATH, { method: 'POST', auth: false });
  } finally {
    clearAccessToken();
  }
}
