import { answerOf, withTimeout } from '@/lib/shared/fetch-rules';
import { CONSOLE_SIGN_IN_PATH } from '@/lib/shared/console-nav';
import { hardNavigate } from './navigate';

// The console's browser client (docs/console.md): JSON to /api/console/..., same-origin cookies,
// and on every state-changing call the CSRF proof: the x-csrf header carrying the value of the
// console_csrf cookie (an HMAC of the session the server set at sign-in; '1' before there is a
// session). A failed call throws ApiRequestError with the answer's `{ errorMessage, code, field }`
// as its body, for formErrorsOf (lib/client/form-errors.ts) to place on the field. A 401 (the
// session ended, was revoked or never was) also takes the page to the sign-in screen.

const CSRF_COOKIES = ['__Host-console_csrf', 'console_csrf'];
const CSRF_HEADER = 'x-csrf';

/** The CSRF proof from the page's cookies ('1' when there is none yet: before sign-in). */
export function consoleCsrfToken(cookieHeader: string = typeof document === 'undefined' ? '' : document.cookie): string {
  const pairs = cookieHeader.split(';').map((p) => p.trim().split('='));
  for (const name of CSRF_COOKIES) {
    const value = pairs.find(([k]) => k === name)?.[1];
    if (value) return value;
  }
  return '1';
}

export type ConsoleFetchInit = { method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; body?: unknown; query?: Record<string, string | number | undefined> };

/** A console API call; `path` after /api (e.g. '/console/sign-in'). Answers the parsed JSON. */
export async function consoleFetch<T = unknown>(path: string, init: ConsoleFetchInit = {}): Promise<T> {
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers[CSRF_HEADER] = consoleCsrfToken();
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const query = init.query ? Object.entries(init.query).filter(([, v]) => v !== undefined && v !== '') : [];
  const url = `/api${path}${query.length ? `?${new URLSearchParams(query.map(([k, v]) => [k, String(v)]))}` : ''}`;
  return withTimeout(async (signal) => {
    const res = await fetch(url, {
      method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'same-origin',
      signal,
    });
    if (res.status === 401 && typeof window !== 'undefined') {
      hardNavigate(`${CONSOLE_SIGN_IN_PATH}?${new URLSearchParams({ from: window.location.pathname })}`);
    }
    return answerOf<T>(res);
  });
}
