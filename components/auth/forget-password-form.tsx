'use client';
import Link from 'next/link';
import { useEffect, useState, type FormEvent } from 'react';
import { useBrand } from '@/components/shell/brand-context';
import { useT } from '@/components/shell/i18n-context';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { PasswordField } from '@/components/ui/password-field';
import { authOptionsOf } from '@/lib/client/auth-options';
import { resetForgottenPassword, sendOtp } from '@/lib/client/auth-api';
import { hardNavigate } from '@/lib/client/navigate';
import { clearPendingReset, readPendingReset, savePendingReset } from '@/lib/client/pending-reset';
import { OTP_LENGTH, PASSWORD_MIN_LENGTH } from '@/lib/domain/auth-rules';
import { ContactFields } from './contact-fields';
import { useFormSubmit } from './use-form-submit';

// /forget-password — contact → code (FORGOT PASSWORD) → new password → /login with a notice.
export function ForgetPasswordForm() {
  const opts = authOptionsOf(useBrand().otpServices);
  const t = useT();
  const [step, setStep] = useState<'contact' | 'reset'>('contact');
  const [channel, setChannel] = useState(opts.channels[0]!);
  const [contact, setContact] = useState('');
  const [masked, setMasked] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const { errors, setErrors, busy, setBusy, formRef, fail, valid, submit } = useFormSubmit();

  // Back on the code step after a reload (the customer went to the SMS app and the browser
  // dropped the page): the code was sent to this contact; only the code and password are asked.
  useEffect(() => {
    const kept = readPendingReset();
    if (!kept) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- sessionStorage is read once, after hydration
    setChannel(kept.channel);
    setContact(kept.contact);
    setMasked(kept.maskedContact);
    setStep('reset');
  }, []);

  if (opts.noPassword) {
    return (
      <p>
        {t('auth.noPasswordToReset')} <Link className="underline" href="/login">{t('auth.signIn')}</Link>.
      </p>
    );
  }

  async function onContact(ev: FormEvent) {
    ev.preventDefault();
    if (!contact.trim()) return fail({ contact: t(channel === 'email' ? 'auth.enterEmail' : 'auth.enterMobile') });
    await submit({ contact: 'contact', channel: 'contact' }, async () => {
      const sent = await sendOtp('FORGOT PASSWORD', channel, contact.trim());
      setMasked(sent.maskedContact);
      savePendingReset({ channel, contact: contact.trim(), maskedContact: sent.maskedContact, sentAt: Date.now() });
      setErrors({});
      setBusy(false);
      setStep('reset');
    });
  }

  async function onReset(ev: FormEvent) {
    ev.preventDefault();
    const local = {
      otp: new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code.trim()) ? undefined : t('auth.enterCode', { count: OTP_LENGTH }),
      password: password.length >= PASSWORD_MIN_LENGTH ? undefined : t('auth.passwordTooShort', { count: PASSWORD_MIN_LENGTH }),
    };
    if (!valid(local)) return;
    await submit(['otp', 'password'], async () => {
      await resetForgottenPassword({ channel, contact: contact.trim(), otp: code.trim(), password });
      clearPendingReset();
      hardNavigate('/login?reset=1');
    });
  }

  if (step === 'reset') {
    return (
      <form ref={formRef} onSubmit={onReset} noValidate>
        {errors.form && <Alert>{errors.form}</Alert>}
        <p className="mb-4 text-gray-800">{t('auth.codeSentIfAccount', { contact: masked, count: OTP_LENGTH })}</p>
        <Field label={t('auth.code')} name="otp" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]*" maxLength={OTP_LENGTH} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} error={errors.otp} required />
        <PasswordField label={t('auth.newPassword')} name="password" autoComplete="new-password" hint={t('auth.passwordHint', { count: PASSWORD_MIN_LENGTH })} value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} required />
        <Button type="submit" busy={busy}>{t('auth.setNewPassword')}</Button>
        <p className="mt-6 text-center">
          <button
            type="button"
            className="min-h-11 underline"
            onClick={() => {
              clearPendingReset();
              setCode('');
              setPassword('');
              setErrors({});
              setStep('contact');
            }}
          >
            {t('auth.useAnotherContact')}
          </button>
        </p>
      </form>
    );
  }

  return (
    <form ref={formRef} onSubmit={onContact} noValidate>
      {errors.form && <Alert>{errors.form}</Alert>}
      <ContactFields channels={opts.channels} channel={channel} onChannel={setChannel} contact={contact} onContact={setContact} error={errors.contact} />
      <Button type="submit" busy={busy}>{t('auth.sendCode')}</Button>
      <p className="mt-6 text-center"><Link className="underline" href="/login">{t('auth.backToSignIn')}</Link></p>
    </form>
  );
}
