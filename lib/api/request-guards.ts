import 'server-only';
import type { MiddlewareHandler } from 'hono';
import { ApiError } from '@/lib/errors';
import type { AppEnv } from './context';
import { COMPLAINT_FORM_MAX_BYTES } from '@/lib/schemas/complaints';
import { WARRANTY_FORM_MAX_BYTES } from '@/lib/schemas/warranty';
import { REPORT_PHOTO_MAX_BYTES } from '@/lib/domain/report';

// The request parsing every Brand API call goes through before any route sees it
// (docs/security.md, "API edge"): body size limits, then the path, the query and a JSON body
// read strictly. A value the database or a handler could choke on (a NUL byte, a lone UTF-16
// surrogate, malformed percent-encoding) is refused here with a 4xx naming the problem, so no
// route has to think of it.

/** A JSON body: far above any form of the app, far below what could hurt the process. */
export const JSON_BODY_MAX_BYTES = 64 * 1024;
/** The operator command line sends file paths and options, never file contents. */
export const OPERATOR_BODY_MAX_BYTES = 256 * 1024;
/**
 * The console's file contents sent as JSON text (a bank result file, a list of coupon codes: at
 * most 5 MB each) and brand settings (a logo as a data: address, at most 200 000 characters).
 */
export const CONSOLE_FILE_BODY_MAX_BYTES = 6 * 1024 * 1024;
export const CONSOLE_SETTINGS_BODY_MAX_BYTES = 512 * 1024;
const CONSOLE_FILE_PATH = /^\/api\/console\/brands\/[^/]+\/(payouts\/import|rewards\/[^/]+\/coupons)$/;
const CONSOLE_SETTINGS_PATH = /^\/api\/console\/brands\/[^/]+\/settings$/;
/** Form overhead on top of the files of an upload: text fields, part headers, boundaries. */
const FORM_OVERHEAD_BYTES = 256 * 1024;
/**
 * The outer ceiling of any multipart body: the largest upload a route accepts plus form
 * overhead. Each upload route still checks its own, smaller cap.
 */
export const MULTIPART_BODY_MAX_BYTES = Math.max(COMPLAINT_FORM_MAX_BYTES, WARRANTY_FORM_MAX_BYTES, REPORT_PHOTO_MAX_BYTES) + FORM_OVERHEAD_BYTES;
/** Deeper JSON than any contract of the API has; deeper input is an attack on the parser. */
export const JSON_MAX_DEPTH = 32;

const mediaTypeOf = (header: string | undefined) => header?.split(';')[0]?.trim().toLowerCase();
const isJsonType = (type: string | undefined) => !!type && /^application\/([\w.-]+\+)?json$/.test(type);

function limitOf(path: string, type: string | undefined): number {
  if (type === 'multipart/form-data') return MULTIPART_BODY_MAX_BYTES;
  if (path.startsWith('/api/operator/')) return OPERATOR_BODY_MAX_BYTES;
  if (CONSOLE_FILE_PATH.test(path)) return CONSOLE_FILE_BODY_MAX_BYTES;
  if (CONSOLE_SETTINGS_PATH.test(path)) return CONSOLE_SETTINGS_BODY_MAX_BYTES;
  return JSON_BODY_MAX_BYTES;
}

function tooLarge(limit: number): ApiError {
  const size = limit >= 1024 * 1024 ? `${Math.floor(limit / (1024 * 1024))} MB` : `${Math.floor(limit / 1024)} kB`;
  return new ApiError('payload_too_large', `The request body is too large (at most ${size})`);
}

/**
 * Refuses a body over its limit before reading it: by the declared Content-Length, or, for a
 * body without one (chunked), by counting the bytes as they arrive and stopping at the limit.
 */
export const bodyLimitGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  const raw = c.req.raw;
  if (!raw.body) return next();
  const limit = limitOf(c.req.path, mediaTypeOf(c.req.header('content-type')));
  const declared = c.req.header('content-length');
  if (declared !== undefined && !c.req.header('transfer-encoding')) {
    if (!/^\d{1,15}$/.test(declared.trim())) throw new ApiError('bad_request', 'Content-Length is not a number');
    if (Number(declared) > limit) throw tooLarge(limit);
    return next();
  }
  const reader = raw.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const body = Buffer.concat(chunks, size);
  const headers = new Headers(raw.headers);
  headers.delete('transfer-encoding');
  headers.set('content-length', String(size));
  c.req.raw = new Request(raw.url, { method: raw.method, headers, body, signal: raw.signal });
  return next();
};

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a decoded text is refused, or undefined when it is fine. */
export function textProblem(value: string): string | undefined {
  if (value.includes('\u0000')) return 'contains a NUL character';
  if (LONE_SURROGATE.test(value)) return 'contains an invalid Unicode character (a lone surrogate)';
  return undefined;
}

/**
 * For the multipart readers (the one other place request text is parsed): a text field or a
 * file name that is refused the same way as a JSON string.
 */
export function assertCleanFormText(field: string, value: string) {
  const problem = textProblem(value);
  if (problem) throw new ApiError('bad_request', `${field}: ${problem}`, undefined, field);
}

function strictDecode(raw: string, what: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    throw new ApiError('bad_request', `The ${what} is not valid percent-encoding (or not UTF-8)`);
  }
  const problem = textProblem(decoded);
  if (problem) throw new ApiError('bad_request', `The ${what} ${problem}`);
  return decoded;
}

/** The raw (still percent-encoded) path and query of a request URL. */
function rawPathAndQuery(url: string): { path: string; query: string } {
  const afterOrigin = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  const hash = afterOrigin.indexOf('#');
  const noHash = hash < 0 ? afterOrigin : afterOrigin.slice(0, hash);
  const q = noHash.indexOf('?');
  return q < 0 ? { path: noHash, query: '' } : { path: noHash.slice(0, q), query: noHash.slice(q + 1) };
}

/** The path and the query, decoded strictly: malformed encoding, NUL or lone surrogates are 400. */
export const urlGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { path, query } = rawPathAndQuery(c.req.url);
  for (const segment of path.split('/')) strictDecode(segment, 'request path');
  if (query) {
    for (const pair of query.split('&')) {
      const eq = pair.indexOf('=');
      const name = strictDecode((eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' '), 'query');
      if (eq >= 0) {
        const problem = textProblemOfDecoded(pair.slice(eq + 1));
        if (problem) throw new ApiError('bad_request', `The query parameter ${JSON.stringify(name.slice(0, 40))} ${problem}`, undefined, name.slice(0, 40));
      }
    }
  }
  await next();
};

function textProblemOfDecoded(raw: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return 'is not valid percent-encoding (or not UTF-8)';
  }
  return textProblem(decoded);
}

/** The first refused string of a parsed JSON value (keys too), with where it is, or a too-deep spot. */
function jsonProblem(value: unknown, path: string[], depth: number): { field: string; problem: string } | undefined {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? { field: path.join('.'), problem } : undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  if (depth >= JSON_MAX_DEPTH) return { field: path.join('.'), problem: `is nested too deeply (at most ${JSON_MAX_DEPTH} levels)` };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = jsonProblem(value[i], [...path, String(i)], depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const keyProblem = textProblem(key);
    if (keyProblem) return { field: path.join('.'), problem: `has a field name that ${keyProblem}` };
    const found = jsonProblem(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * A JSON body is parsed here once (the route's validator reads the cached result): malformed
 * JSON is a 400, and so is a NUL character, a lone surrogate or too deep nesting anywhere in it,
 * naming the field.
 */
export const jsonTextGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.req.raw.body || !isJsonType(mediaTypeOf(c.req.header('content-type')))) return next();
  let text: string;
  try {
    text = await c.req.text();
  } catch {
    throw new ApiError('bad_request', 'The request body could not be read');
  }
  if (text.trim() === '') return next();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError('bad_request', 'Malformed JSON body');
  }
  const found = jsonProblem(parsed, [], 0);
  if (found) {
    const where = found.field ? found.field : 'The body';
    throw new ApiError('bad_request', `${where}: ${found.problem}`.replace(/^The body: /, 'The body '), undefined, found.field || undefined);
  }
  await next();
};
