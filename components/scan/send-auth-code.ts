import { formErrorsOf, type FormErrors } from '@/lib/client/form-errors';
import { verifyAuthCode } from '@/lib/client/verify';
import { keepScanResult } from '@/lib/client/scan-result';
import { apiErrorText } from '@/lib/shared/api-error-words';
import type { Translate } from '@/lib/shared/i18n';

// What sending an authentication code does (components/scan/auth-code-form.tsx): ask for the
// verdict, keep it for /scan-result, or say what went wrong on the form. The form loads this
// module, with the API client and the verdict check, when the first code is sent: /qr-scan's
// first load does not carry them.

/** Undefined when the verdict is kept for /scan-result, else the form's errors. */
/** `i18n`: the page's language; the API's error is shown by its code in it (English: the API's words). */
export async function sendAuthCode(code: string, i18n?: { locale: string; t: Translate }): Promise<FormErrors | undefined> {
  try {
    keepScanResult(await verifyAuthCode(code));
    // /scan-result loads its verdict card after its first paint: fetch it now, while navigating.
    void import('./verdict-card').catch(() => undefined);
    return undefined;
  } catch (err) {
    return formErrorsOf(err, ['code'], i18n && ((e) => apiErrorText(i18n.locale, i18n.t, e)));
  }
}
