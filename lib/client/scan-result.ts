import { isVerifyResponse } from '@/lib/shared/verdict-shape';
import type { VerifyResponse } from '@/lib/schemas/verify';

// The hand-over of a verdict from an in-page flow (the authentication code on /qr-scan) to
// /scan-result, for this tab only (sessionStorage). Kept apart from the API client: /scan-result
// reads it on its first paint and makes no call.

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
