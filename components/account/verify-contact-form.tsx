'use client';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CodeField } from '@/components/ui/code-field';
import { useFormSubmit } from '@/components/auth/use-form-submit';
import { http } from '@/lib/client/lazy-http';
import { useProfileState } from '@/components/shell/profile';
import { useT } from '@/components/shell/i18n-context';
import { OTP_LENGTH } from '@/lib/domain/auth-rules';
import type { ContactStatus } from '@/lib/schemas/auth';

// The confirmation of an account's contact with a code (docs/security.md, "Accounts"), shown by
// VerifyContactGate (./verify-contact-gate.tsx) to an account whose contact is not confirmed:
// a module of its own, loaded only for those accounts.
export default function VerifyContact({ status, what, onConfirmed }: { status: ContactStatus; what: string; onConfirmed: () => void }) {
  const { refreshProfile } = useProfileState();
  const t = useT();
  const [sentTo, setSentTo] = useState<string>();
  const [code, setCode] = useState('');
  const { errors, setErrors, busy, setBusy, formRef, valid, submit } = useFormSubmit();

  async function send() {
    await submit([], async () => {
      const sent = await http<{ maskedContact: string }>('/auth/customer/verify-contact/send', { method: 'POST' });
      setSentTo(sent.maskedContact);
      setErrors({});
      setBusy(false);
    });
  }

  async function onSend(ev: FormEvent) {
    ev.preventDefault();
    await send();
  }

  async function confirm(ev: FormEvent) {
    ev.preventDefault();
    if (!valid({ otp: new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code.trim()) ? undefined : t('auth.enterCode', { count: OTP_LENGTH }) })) return;
    await submit(['otp'], async () => {
      await http('/auth/customer/verify-contact', { method: 'POST', body: { otp: code.trim() } });
      onConfirmed();
      await refreshProfile();
    });
  }

  return (
    <section aria-labelledby="verify-contact-title" className="rounded-lg border border-gray-300 bg-white p-4" data-testid="verify-contact">
      <h2 id="verify-contact-title" className="mb-2 text-lg font-semibold text-gray-900">
        {t(status.channel === 'mobile' ? 'account.confirmMobile' : 'account.confirmEmail')}
      </h2>
      <p className="mb-4 text-gray-800">
        {t('account.verifyWhy', { what, contact: status.maskedContact ?? t('account.yourContact'), count: OTP_LENGTH })}
      </p>
      <form ref={formRef} onSubmit={sentTo ? confirm : onSend} noValidate>
        {errors.form && <Alert>{errors.form}</Alert>}
        {sentTo ? (
          <>
            <Alert kind="success">{t('account.codeSent', { contact: sentTo })}</Alert>
            <CodeField label={t('auth.code')} value={code} onChange={setCode} error={errors.otp} />
            <Button type="submit" busy={busy}>{t('account.confirm')}</Button>
            <button type="button" className="mt-4 min-h-11 underline" onClick={send}>
              {t('auth.sendNewCode')}
            </button>
          </>
        ) : (
          <Button type="submit" busy={busy}>{t('auth.sendCode')}</Button>
        )}
      </form>
    </section>
  );
}
