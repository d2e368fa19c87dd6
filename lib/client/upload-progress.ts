import { answerOf } from '@/lib/shared/fetch-rules';
import { UPLOAD_TIMEOUT_MS, type OutgoingInit } from '@/lib/shared/fetch-core';
import { apiResponse } from './http';

// An upload that reports its progress, in a module of its own: only the forms that show a
// progress bar load it (every upload form's first load stays within its budget).

/**
 * POSTs a multipart form like `upload`, telling `onProgress` the share sent (0–1) as it goes:
 * fetch cannot report an upload's progress, XMLHttpRequest can. The request, its headers,
 * timeout, token refresh and 401 handling are the fetch core's, as for every call.
 */
export async function uploadWithProgress<T>(path: string, form: FormData, onProgress: (share: number) => void): Promise<T> {
  const viaXhr = (url: string, init: OutgoingInit) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(init.method, url);
      xhr.withCredentials = true;
      xhr.responseType = 'blob';
      init.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
      };
      xhr.onload = () => {
        const headers = new Headers();
        for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
          const at = line.indexOf(':');
          if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
        }
        onProgress(1);
        resolve(new Response(xhr.status === 204 ? null : (xhr.response as Blob), { status: xhr.status, headers }));
      };
      const fail = () => reject(new TypeError('Failed to fetch'));
      xhr.onerror = fail;
      xhr.onabort = () => reject(init.signal.reason ?? new DOMException('Aborted', 'AbortError'));
      init.signal.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
    });
  return answerOf<T>(await apiResponse(path, { method: 'POST', body: form, timeoutMs: UPLOAD_TIMEOUT_MS }, true, viaXhr));
}
