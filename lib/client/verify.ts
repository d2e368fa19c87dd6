import { http } from './http';
import { asVerifyResponse } from '@/lib/shared/verdict-shape';
import type { VerifyResponse } from '@/lib/schemas/verify';

// The browser's verify call: the authentication code typed from under the scratch-off. The
// verdict is checked with the hand-written `isVerifyResponse` (the same answers as the API's
// `verifyResponseSchema`), keeping the schema library out of the scan pages. /qr-scan loads this
// module when the code is sent, not with the page; the report and the verdict hand-over to
// /scan-result live in lib/client/report.ts and lib/client/scan-result.ts.

// POST /api/verify/auth-code {code} — the post-sale verdict of the covert code it belongs to
export async function verifyAuthCode(code: string): Promise<VerifyResponse> {
  return asVerifyResponse(await http<unknown>('/verify/auth-code', { method: 'POST', body: { code } }));
}
