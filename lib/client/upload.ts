import { answerOf } from '@/lib/shared/fetch-rules';
import { UPLOAD_TIMEOUT_MS } from '@/lib/shared/fetch-core';
import { apiResponse } from './http';

// The browser calls beyond a JSON body: multipart uploads (FormData), extra headers
// (Idempotency-Key) and binary downloads (Blob). Thin wrappers over the one fetch core, with
// the rules of every signed-in call (lib/shared/fetch-core.ts); file transfers, uploads and
// downloads, get UPLOAD_TIMEOUT_MS instead of the 10 s of a JSON call.

/** POSTs a multipart form; answers the JSON body or throws the catalogue's ApiRequestError. */
export async function upload<T>(path: string, form: FormData): Promise<T> {
  return answerOf<T>(await apiResponse(path, { method: 'POST', body: form, timeoutMs: UPLOAD_TIMEOUT_MS }));
}

/** A call with extra request headers (e.g. Idempotency-Key). */
export async function callWithHeaders<T>(path: string, method: string, headers: Record<string, string>): Promise<T> {
  return answerOf<T>(await apiResponse(path, { method, headers }));
}

/** Downloads a file of the customer's: the Blob (typed by the answer's Content-Type) and the headers. */
export async function fetchBlob(path: string): Promise<{ blob: Blob; headers: Headers }> {
  const res = await apiResponse(path, { accept: '*/*', timeoutMs: UPLOAD_TIMEOUT_MS });
  if (!res.ok) return answerOf<never>(res);
  return { blob: await res.blob(), headers: res.headers };
}
