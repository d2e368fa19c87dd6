import { http, refreshAccessToken } from './http';
import { ApiRequestError, CSRF_HEADER, CSRF_VALUE, answerOf, isJwtExpired, readBody, withTimeout } from './fetch-rules';
import { authStore } from './status';
import { verifyResponseSchema, type VerifyResponse } from '@/lib/schemas/verify';

// The browser's verify calls: the authentication code typed from under the scratch-off, the
// report of a suspicious product (multipart, which lib/client/http.ts does not send), and the
// hand-over of a verdict to /scan-result.

// POST /api/verify/auth-code {code} — the post-sale verdict of the covert code it belongs to
export async function verifyAuthCode(code: string): Promise<VerifyResponse> {
  return verifyResponseSchema.parse(await http<unknown>('/verify/auth-code', { method: 'POST', body: { code } }));
}

export type ReportAnswer = { reportId: string; photoStored: boolean };

function sendForm(form: FormData, token: string): Promise<Response> {
  return withTimeout((signal) =>
    fetch('/api/report', {
      method: 'POST',
      credentials: 'include',
      headers: { accept: 'application/json', [CSRF_HEADER]: CSRF_VALUE, authorization: `Bearer ${token}` },
      body: form, // the browser sets multipart/form-data with its boundary
      signal,
    }),
  );
}

// POST /api/report (multipart: description, qrId?, lat?, lng?, photo?) — 'jwt expired' → refresh once and retry
export async function submitReport(form: FormData): Promise<ReportAnswer> {
  let token = authStore.get().accessToken ?? (await refreshAccessToken());
  let res = await sendForm(form, token);
  if (!res.ok && isJwtExpired(res.status, await readBody(res.clone()))) {
    token = await refreshAccessToken();
    res = await sendForm(form, token);
  }
  return answerOf<ReportAnswer>(res);
}

/** The verdict an in-page flow (the authentication code) hands to /scan-result, for this tab only. */
export const SCAN_RESULT_KEY = 'scan-result';

export function keepScanResult(verdict: VerifyResponse) {
  sessionStorage.setItem(SCAN_RESULT_KEY, JSON.stringify(verdict));
}

/** The verdict kept for /scan-result, or undefined when there is none (or it is not a verdict). */
export function parseScanResult(raw: string | null): VerifyResponse | undefined {
  if (!raw) return undefined;
  try {
    const parsed = verifyResponseSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export { ApiRequestError };
