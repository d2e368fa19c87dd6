'use client';
import { useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { Field } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import { useFocusOnError } from '@/components/ui/use-form-focus';
import type { FormErrors } from '@/lib/client/form-errors';
import { useI18n } from '@/components/shell/i18n-context';

// For brands with authentication codes (isVTCodesEnabled): the 10 characters under the
// scratch-off verify the unit after purchase (and claim it), like scanning its hidden code.
// Case does not matter and O/0, I/1 are read alike (the API normalises). The verdict is shown
// on /scan-result.
export function AuthCodeForm() {
  const i18n = useI18n();
  const { t } = i18n;
  const router = useRouter();
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const formRef = useFocusOnError(attempt);
  /** Shows these errors and moves focus to the code field (else the alert). */
  const fail = (e: FormErrors) => {
    setErrors(e);
    setAttempt((n) => n + 1);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return fail({ code: t('scan.authEnter') });
    setBusy(true);
    setErrors({});
    // The API client and the verdict check load with the first code sent, not with the page.
    const problems = await import('./send-auth-code').then(
      ({ sendAuthCode }) => sendAuthCode(code, i18n),
      // the page's own script did not arrive
      (): FormErrors => ({ form: t('scan.authLoadFailed') }),
    );
    if (!problems) return router.push('/scan-result');
    fail(problems);
    setBusy(false);
  };
  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="auth-code-heading" className="mt-6 rounded-xl border border-gray-300 bg-white p-4">
      <h2 id="auth-code-heading" className="mb-3 text-lg font-semibold text-gray-900">{t('scan.authHeading')}</h2>
      {errors.form && <p role="alert" className="mb-3 rounded-md border-l-4 border-red-700 bg-red-50 p-3 text-red-900">{errors.form}</p>}
      <Field
        label={t('scan.authLabel')}
        name="authCode"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={errors.code}
        hint={t('scan.authHint')}
      />
      <Button type="submit" busy={busy}>{t('scan.authSubmit')}</Button>
    </form>
  );
}
