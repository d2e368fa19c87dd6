import { formErrorsOf, type FormErrors } from '@/lib/client/form-errors';
import { verifyAuthCode } from '@/lib/client/verify';
import { keepScanResult } from '@/lib/client/scan-result';

// What sending an authentication code does (components/scan/auth-code-form.tsx): ask for the
// verdict, keep it for /scan-result, or say what went wrong on the form. The form loads this
// module, with the API client and the verdict check, when the first code is sent: /qr-scan's
// first load does not carry them.

/** Undefined when the verdict is kept for /scan-result, else the form's errors. */
export async function sendAuthCode(code: string): Promise<FormErrors | undefined> {
  try {
    keepScanResult(await verifyAuthCode(code));
    // /scan-result loads its verdict card after its first paint: fetch it now, while navigating.
    void import('./verdict-card').catch(() => undefined);
    return undefined;
  } catch (err) {
    return formErrorsOf(err, ['code']);
  }
}
