import { answerOf, withTimeout } from '@/lib/shared/fetch-rules';
import { consoleCsrfToken } from './console-fetch';

// A console form with a file (a product image, a legal document): multipart to /api/console/...,
// with the CSRF proof like consoleFetch. Answers the parsed JSON; a failure throws
// ApiRequestError with `{ errorMessage, code, field }` for formErrorsOf.

const UPLOAD_TIMEOUT_MS = 60_000;

export async function consoleUpload<T = unknown>(path: string, form: FormData): Promise<T> {
  return withTimeout(async (signal) => {
    const res = await fetch(`/api${path}`, {
      method: 'POST',
      headers: { accept: 'application/json', 'x-csrf': consoleCsrfToken() },
      body: form,
      credentials: 'same-origin',
      signal,
    });
    return answerOf<T>(res);
  }, UPLOAD_TIMEOUT_MS);
}
