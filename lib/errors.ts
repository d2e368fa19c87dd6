import 'server-only';
import { HTTPException } from 'hono/http-exception';
import { ZodError } from 'zod';

// One error class, one code → status table, one mapper (STYLE.md habit 8). Messages of
// ApiError are written for people and safe to show; anything else becomes a generic 500.

export const errorStatus = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
} as const;
export type ErrorCode = keyof typeof errorStatus;

export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers?: Record<string, string>,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new ApiError('not_found', `${what} not found`);

/**
 * An error about one input field: the message names the field first ("purchaseDate: must not be
 * in the future") and the answer carries it as `field`, so a form can show it at the field
 * without reading the message.
 */
export const fieldError = (code: ErrorCode, field: string, problem: string) => new ApiError(code, `${field}: ${problem}`, undefined, field);

export type ErrorBody = { errorMessage: string; code: ErrorCode; field?: string };

function describeZod(err: ZodError): { message: string; field?: string } {
  const issue = err.issues[0];
  if (!issue) return { message: 'Invalid request' };
  const field = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    return { message: `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`, field: issue.keys[0] };
  }
  // zod 4 does not keep the input on issues; a missing value reads "received undefined".
  if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) {
    return { message: `${field || 'value'} is required`, field };
  }
  return { message: field ? `${field}: ${issue.message}` : issue.message, field: field || undefined };
}

export function toErrorResponse(err: unknown): { status: number; body: ErrorBody; headers?: Record<string, string> } {
  if (err instanceof ApiError) {
    return { status: errorStatus[err.code], body: { errorMessage: err.message, code: err.code, ...(err.field ? { field: err.field } : {}) }, headers: err.headers };
  }
  if (err instanceof HTTPException && err.status < 500) {
    // Hono's own refusals, e.g. a body that is not valid JSON.
    const message = /json/i.test(err.message) ? 'Malformed JSON body' : err.message || 'Bad request';
    return { status: err.status, body: { errorMessage: message, code: err.status === 401 ? 'unauthorized' : 'bad_request' } };
  }
  if (err instanceof ZodError) {
    const { message, field } = describeZod(err);
    return { status: 422, body: { errorMessage: message, code: 'unprocessable', ...(field ? { field } : {}) } };
  }
  console.error('[api] unexpected error', err);
  return { status: 500, body: { errorMessage: 'Something went wrong!', code: 'internal' } };
}
