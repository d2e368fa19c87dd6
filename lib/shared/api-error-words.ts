import { ApiRequestError, TIMEOUT_MESSAGE } from './fetch-rules';
import type { MessageKey, Translate } from './i18n';

// An error of the Brand API as a customer reads it in their language (docs/languages.md): chosen
// by the answer's `code` (and, for a timeout, the status), never by reading its English message,
// which stays the wire value. English screens show the API's own message as before.

const CODE_KEYS: Record<string, MessageKey> = {
  bad_request: 'apiError.bad_request',
  unauthorized: 'apiError.unauthorized',
  forbidden: 'apiError.forbidden',
  not_found: 'apiError.not_found',
  conflict: 'apiError.conflict',
  payload_too_large: 'apiError.payload_too_large',
  unsupported_media_type: 'apiError.unsupported_media_type',
  unprocessable: 'apiError.unprocessable',
  rate_limited: 'apiError.rate_limited',
};

/** The error's text in the page's language; undefined in English (the API's message stands). */
export function apiErrorText(locale: string, t: Translate, err: unknown): string | undefined {
  if (locale === 'en') return undefined;
  if (err instanceof ApiRequestError) {
    const code = (err.body as { code?: unknown } | undefined)?.code;
    if (typeof code === 'string' && code in CODE_KEYS) return t(CODE_KEYS[code]!);
    if (err.status === 408 || err.message === TIMEOUT_MESSAGE) return t('apiError.timeout');
  }
  return t('apiError.other');
}
