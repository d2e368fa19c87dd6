import { answerOf } from '@/lib/shared/fetch-rules';
import { UPLOAD_TIMEOUT_MS, sendOnce, type Transport } from '@/lib/shared/fetch-core';
import { CONSOLE_SIGN_IN_PATH } from '@/lib/shared/console-nav';
import { consolePath, type AnswerOf, type BodyOf, type ConsoleOp, type Multipart, type NoBody, type ParamNames, type ParamsOf } from '@/lib/shared/console-api';
import { hardNavigate } from './navigate';

// The console's one browser client (docs/console.md): an operation of the console API by its name
// in lib/shared/console-api.ts (never a path written by hand), its params, query and body; JSON
// or a multipart form (a product image, a legal document), both through the one fetch core
// (lib/shared/fetch-core.ts: its timeouts, bodies and headers) with same-origin cookies and no
// token, and on every state-changing call the console's CSRF proof, the x-csrf header carrying the value
// of the console_csrf cookie (an HMAC of the session the server set at sign-in; '1' before there
// is a session). A failed call throws ApiRequestError with the answer's `{ errorMessage, code,
// field }` as its body, for formErrorsOf (lib/client/form-errors.ts) to place on the field. A 401
// (the session ended, was revoked or never was) also takes the page to the sign-in screen,
// uploads included. JSON calls time out after 10 s, uploads after UPLOAD_TIMEOUT_MS.
//
//   const r = await consoleApi(CONSOLE_API.blacklistCodes, { params: { brand }, body: { batchId, confirm: true } });

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

/**
 * What a call of `O` takes: its params (when its path has any), a query, and what its route reads:
 * the JSON body its schema takes (required, typed by lib/shared/console-api.ts), a multipart form
 * (an upload), or nothing.
 */
export type ConsoleCall<O extends ConsoleOp> = ([ParamNames<O['path']>] extends [never] ? { params?: undefined } : { params: ParamsOf<O> }) & {
  query?: Record<string, string | number | undefined>;
} & ([BodyOf<O>] extends [NoBody] ? { body?: undefined; form?: undefined } : [BodyOf<O>] extends [Multipart] ? { body?: undefined; form: FormData } : { body: BodyOf<O>; form?: undefined });

/** The call's argument: optional only when nothing in it is required (no params, no body, no form). */
type CallArgs<O extends ConsoleOp> = object extends ConsoleCall<O> ? [call?: ConsoleCall<O>] : [call: ConsoleCall<O>];

/** After a 401: the sign-in screen, back to this page after (an object so tests can watch it). */
export const sessionEnded = {
  go: () => {
    if (typeof window !== 'undefined') hardNavigate(`${CONSOLE_SIGN_IN_PATH}?${new URLSearchParams({ from: window.location.pathname })}`);
  },
};

const transport: Transport = (path, init) => fetch(`/api${path}`, { ...init, credentials: 'same-origin' });

/** Calls an operation of the console API; answers its parsed JSON or throws ApiRequestError. */
export async function consoleApi<O extends ConsoleOp>(operation: O, ...[given]: CallArgs<O>): Promise<AnswerOf<O>> {
  const call: ConsoleCall<O> = given ?? ({} as ConsoleCall<O>);
  const { method } = operation;
  const path = consolePath(operation, (call.params ?? {}) as ParamsOf<O>, call.query);
  const res = await sendOnce(transport, path, {
    method,
    body: call.form ?? call.body,
    headers: method === 'GET' ? undefined : { [CSRF_HEADER]: consoleCsrfToken() },
    timeoutMs: call.form ? UPLOAD_TIMEOUT_MS : undefined,
  });
  if (res.status === 401) sessionEnded.go();
  return answerOf<AnswerOf<O>>(res);
}
