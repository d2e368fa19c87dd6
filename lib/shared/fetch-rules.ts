// The rules both fetch layers share (lib/client/http.ts in the browser, lib/server/api-fetch.ts
// in server components): constants of product-spec section 9 and the error catalogue of
// section 8. Plain TypeScript, no DOM and no Node APIs, so both sides import it.

export const HTTP_TIMEOUT_MS = 10_000;
export const TIMEOUT_MESSAGE = 'Could not load the activity, Please try again!';
export const FALLBACK_MESSAGE = 'Something went wrong!';
export const REFRESH_FAILED_MESSAGE = 'Unable to verify. Please try after a moment!';
export const JWT_EXPIRED = 'jwt expired';
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_VALUE = 'fetch';

export const REFRESH_PATH = '/auth/customer/web/generate-access-token';
export const LOGOUT_PATH = '/auth/customer/logout';

/** An API call that failed: the message to show, and the status and headers as answered. */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly headers: Headers = new Headers(),
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

function stringField(body: unknown, key: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const v = (body as Record<string, unknown>)[key];
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}

/** The input field a failed call's answer names (`field`), or undefined. */
export function errorFieldOf(error: unknown): string | undefined {
  return error instanceof ApiRequestError ? stringField(error.body, 'field') : undefined;
}

/** errorMessage → message → the error's own message → 'Something went wrong!' (spec section 8). */
export function errorMessageOf(body: unknown, error?: unknown): string {
  const own = error instanceof Error && error.message.trim() !== '' ? error.message : undefined;
  return stringField(body, 'errorMessage') ?? stringField(body, 'message') ?? own ?? FALLBACK_MESSAGE;
}

/** The answer that asks for one token refresh and a retry. */
export function isJwtExpired(status: number, body: unknown): boolean {
  return status >= 400 && errorMessageOf(body) === JWT_EXPIRED;
}

/** Reads a JSON body when there is one; an empty or non-JSON body reads as undefined. */
export async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function isStateChanging(method: string): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
}

/** Resolves like `work`, or rejects with the timeout message after `ms`, aborting `controller`. */
export function withTimeout<T>(work: (signal: AbortSignal) => Promise<T>, ms = HTTP_TIMEOUT_MS): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new ApiRequestError(TIMEOUT_MESSAGE, 408)); // settles the race before the abort does
      controller.abort();
    }, ms);
  });
  return Promise.race([work(controller.signal), timeout]).finally(() => clearTimeout(timer));
}

/** The JSON answer of a successful response, or an ApiRequestError with the catalogue's message. */
export async function answerOf<T>(res: Response): Promise<T> {
  const body = await readBody(res);
  if (!res.ok) throw new ApiRequestError(errorMessageOf(body), res.status, res.headers, body);
  return body as T;
}
