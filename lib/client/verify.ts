import { http } from './http';
import { upload } from './upload';
import { ApiRequestError } from '@/lib/shared/fetch-rules';
import { isVerifyResponse } from '@/lib/shared/verdict-shape';
import type { VerifyResponse } from '@/lib/schemas/verify';

// The browser's verify calls: the authentication code typed from under the scratch-off, the
// report of a suspicious product (multipart, through the one upload path), and the hand-over
// of a verdict to /scan-result. Verdicts are checked with the hand-written `isVerifyResponse`
// (the same answers as the API's `verifyResponseSchema`), keeping the schema library out of the
// scan pages' first load.

// POST /api/verify/auth-code {code} — the post-sale verdict of the covert code it belongs to
export async function verifyAuthCode(code: string): Promise<VerifyResponse> {
  const answer = await http<unknown>('/verify/auth-code', { method: 'POST', body: { code } });
  if (!isVerifyResponse(answer)) throw new TypeError('The verify answer is not a verdict');
  return answer;
}

export type ReportAnswer = { reportId: string; photoStored: boolean };

/**
 * POST /api/report (multipart: description, qrId?, lat?, lng?, photo?) under the rules of every
 * signed-in call: the upload timeout (it may carry a photo), 'jwt expired' → refresh once and
 * retry, 401 → logout and reload.
 */
export function submitReport(form: FormData): Promise<ReportAnswer> {
  return upload<ReportAnswer>('/report', form);
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
    const parsed: unknown = JSON.parse(raw);
    return isVerifyResponse(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export { ApiRequestError };
