'use client';
import { useState, type FormEvent } from 'react';
import Link from 'next/link';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { DeferredPasswordField as PasswordField } from '@/components/ui/deferred-password-field';
import { useFocusOnError } from '@/components/ui/use-form-focus';
import { formErrorsOf, type FormErrors } from '@/lib/client/form-errors';
import { errorMessageOf } from '@/lib/shared/fetch-rules';
import { http } from '@/lib/client/lazy-http';
import { PROFILE_PATH } from '@/lib/client/queries/profile';
import { useProfileState } from '@/components/shell/profile';
import type { CustomerProfile } from '@/lib/schemas/customer';
import { vpaProblem } from './vpa';
import { UPI_NEEDS_PASSWORD } from '@/lib/domain/auth-rules';
import { useI18n } from '@/components/shell/i18n-context';

// /upi-details — shows the UPI id cashback is paid to and changes it (PUT customer-profile { vpa }).
export function UpiDetailsForm() {
  const { locale, t } = useI18n();
  const { profile, setProfile } = useProfileState();
  const current = profile.vpa ?? null;
  const [vpa, setVpa] = useState<string>();
  const [errors, setErrors] = useState<FormErrors>({});
  const [saved, setSaved] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  // Asked for only when the API wants re-authentication (last sign-in over 10 minutes ago).
  const [askPassword, setAskPassword] = useState(false);
  const [password, setPassword] = useState('');
  const formRef = useFocusOnError(attempt);
  const value = vpa ?? current ?? '';
  // The UPI id sits where each language's sentence puts {vpa}.
  const [paidBefore, paidAfter = ''] = t('upi.paidTo').split('{vpa}');

  async function onSubmit(ev: FormEvent) {
    ev.preventDefault();
    setSaved(false);
    if (vpaProblem(value)) {
      setErrors({ vpa: t('upi.invalid') });
      setAttempt((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      const body = { vpa: value.trim() || null, ...(askPassword ? { currentPassword: password } : {}) };
      const updated = await http<CustomerProfile>(PROFILE_PATH, { method: 'PUT', body });
      setProfile(updated);
      setVpa(undefined);
      setErrors({});
      setAskPassword(false);
      setPassword('');
      setSaved(true);
    } catch (err) {
      // The API asks for the password again (a step of the flow, not a field's error): show its field.
      if (errorMessageOf(undefined, err) === UPI_NEEDS_PASSWORD) {
        setAskPassword(true);
        setErrors({ currentPassword: t('upi.enterPassword') });
      } else {
        // Not English: the API's error by its code (the words load with the first error).
        const words = locale === 'en' ? undefined : await import('@/lib/shared/api-error-words').then((m) => (e: unknown) => m.apiErrorText(locale, t, e), () => undefined);
        setErrors(formErrorsOf(err, ['vpa', 'currentPassword'], words));
      }
      setAttempt((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <p className="mb-4 rounded-md border border-gray-300 bg-white p-3 text-gray-900" data-testid="current-vpa">
        {current ? (
          <>
            {paidBefore}
            <strong>{current}</strong>
            {paidAfter}
          </>
        ) : (
          t('upi.none')
        )}
      </p>
      {saved && <Alert kind="success">{t('upi.saved')} <Link className="underline" href="/rewards">{t('rewards.back')}</Link></Alert>}
      {(errors.form || errors.vpa || errors.currentPassword) && (
        <Alert>{errors.form ?? (errors.vpa ? t('upi.fieldError', { error: errors.vpa }) : t('upi.passwordError', { error: errors.currentPassword ?? '' }))}</Alert>
      )}
      <Field
        label={t('upi.label')}
        name="vpa"
        placeholder="name@bank"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        inputMode="email"
        value={value}
        onChange={(e) => setVpa(e.target.value)}
        error={errors.vpa}
        hint={t('upi.hint')}
      />
      {askPassword && (
        <PasswordField
          label={t('upi.currentPassword')}
          name="currentPassword"
          autoComplete="current-password"
          hint={t('upi.passwordHint')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.currentPassword}
          required
        />
      )}
      <Button type="submit" busy={busy}>{t('upi.save')}</Button>
    </form>
  );
}
