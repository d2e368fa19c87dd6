'use client';
import { useState } from 'react';
import { useOptionalI18n } from '@/components/shell/i18n-context';
import { useFocusOnError } from '@/components/ui/use-form-focus';
import { formErrorsOf, hasErrors, type FieldMap, type FormErrors } from '@/lib/client/form-errors';

/**
 * What the sign-in and account forms share: their errors (by field, or `form` for the whole
 * form), whether a submit is under way, and the form's ref, which moves focus to the first
 * invalid field (else the alert) after each failed attempt.
 */
export function useFormSubmit() {
  // The customer's language, on a customer page; the console's forms (no language) and English
  // keep the API's words. The words of the others are loaded with the first error.
  const i18n = useOptionalI18n();
  const [errors, setErrors] = useState<FormErrors>({});
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const formRef = useFocusOnError(attempt);

  /** Shows these errors and moves focus to the first of them. */
  function fail(e: FormErrors) {
    setErrors(e);
    setAttempt((n) => n + 1);
  }

  /** True when the form's own checks passed; else shows their errors and answers false. */
  function valid(local: FormErrors): boolean {
    if (!hasErrors(local)) return true;
    fail(local);
    return false;
  }

  /**
   * Runs the submit's calls with the button busy. When they fail, the button is free again and
   * the error shows on the field the API names (its `field`, found in `fields`), else for the
   * whole form. When
   * they succeed the button stays busy (most forms leave the page) unless `work` frees it.
   */
  async function submit(fields: FieldMap, work: () => Promise<void>) {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      setBusy(false);
      let words: ((e: unknown) => string | undefined) | undefined;
      if (i18n && i18n.locale !== 'en') {
        const { apiErrorText } = await import('@/lib/shared/api-error-words');
        words = (e) => apiErrorText(i18n.locale, i18n.t, e);
      }
      fail(formErrorsOf(err, fields, words));
    }
  }

  return { errors, setErrors, busy, setBusy, formRef, fail, valid, submit };
}
