'use client';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { useFormSubmit } from '@/components/auth/use-form-submit';
import { http, refreshAccessToken } from '@/lib/client/lazy-http';
import { useProfile } from '@/components/shell/profile';
import { useT } from '@/components/shell/i18n-context';
import { PASSWORD_MIN_LENGTH } from '@/lib/domain/auth-rules';

// /reset-password — POST /api/auth/customer/change-password. Other sessions end; this one gets
// a fresh cookie, so the in-memory token is renewed after.
export function ChangePasswordForm() {
  const profile = useProfile();
  const t = useT();
  const hasPassword = profile.hasPassword;
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const { errors, setErrors, busy, setBusy, formRef, valid, submit } = useFormSubmit();
  const [done, setDone] = useState(false);

  async function onSubmit(ev: FormEvent) {
    ev.preventDefault();
    setDone(false);
    const local = {
      currentPassword: !hasPassword || current ? undefined : t('account.enterCurrentPassword'),
      newPassword: next.length >= PASSWORD_MIN_LENGTH ? undefined : t('auth.passwordTooShort', { count: PASSWORD_MIN_LENGTH }),
    };
    if (!valid(local)) return;
    await submit(['currentPassword', 'newPassword'], async () => {
      await http('/auth/customer/change-password', {
        method: 'POST',
        body: hasPassword ? { currentPassword: current, newPassword: next } : { newPassword: next },
      });
      await refreshAccessToken().catch(() => undefined);
      setCurrent('');
      setNext('');
      setErrors({});
      setDone(true);
      setBusy(false);
    });
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      {done && <Alert kind="success">{t('account.passwordChanged')}</Alert>}
      {errors.form && <Alert>{errors.form}</Alert>}
      {hasPassword && (
        <PasswordField label={t('account.currentPassword')} name="currentPassword" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} error={errors.currentPassword} required />
      )}
      <PasswordField label={t('auth.newPassword')} name="newPassword" autoComplete="new-password" hint={t('auth.passwordHint', { count: PASSWORD_MIN_LENGTH })} value={next} onChange={(e) => setNext(e.target.value)} error={errors.newPassword} required />
      <Button type="submit" busy={busy}>{t('account.changePassword')}</Button>
    </form>
  );
}
