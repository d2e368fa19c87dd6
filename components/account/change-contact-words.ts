import { formErrorsOf, type FieldMap, type FormErrors } from '@/lib/client/form-errors';
import { apiErrorText } from '@/lib/shared/api-error-words';
import type { Locale, MessageKey, Translate } from '@/lib/shared/i18n';

// The change-contact screen's refusals in a language other than English
// (components/account/change-contact-form.tsx): chosen by the answer's code and field, never by
// its English words. Loaded with the first error on such a page, not in the screen's first load.

/** `invalid`: the words for a contact the API found malformed (by the channel it was sent for). */
export function changeContactErrors(err: unknown, body: { code?: string; field?: string }, fields: FieldMap, invalid: MessageKey, locale: Locale, t: Translate): FormErrors {
  const at = (field: string, key: MessageKey) => (Object.values(fields).includes(field) ? { [field]: t(key) } : { form: t(key) });
  if (body.field === 'otp') return at('otp', 'account.codeRefused');
  if (body.code === 'conflict') return at('contact', 'account.contactTaken');
  if (body.code === 'unprocessable' && body.field === 'contact') return at('contact', invalid);
  return formErrorsOf(err, fields, (e) => apiErrorText(locale, t, e));
}
