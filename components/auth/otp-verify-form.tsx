'use client';
import Link from 'next/link';
import { useEffect, useState, type FormEvent } from 'react';
import { useBrand } from '@/components/shell/brand-context';
import { useT } from '@/components/shell/i18n-context';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CodeField } from '@/components/ui/code-field';
import { Field } from '@/components/ui/field';
import { DeferredPasswordField as PasswordField } from '@/components/ui/deferred-password-field';
import { authOptionsOf } from '@/lib/client/auth-options';
import { sendOtp, signUp, verifyOtp } from '@/lib/client/auth-api';
import { finishSignIn } from '@/lib/client/finish-sign-in';
import { formErrorsOf } from '@/lib/client/form-errors';
import { http } from '@/lib/client/lazy-http';
import { PROFILE_PATH } from '@/lib/client/queries/profile';
import { clearPendingOtp, parsePendingOtp, pendingPassword, readPendingRaw, resendWait, savePendingOtp, type PendingOtp } from '@/lib/client/pending-otp';
import { useBrowserValue } from '@/lib/client/navigate';
import { OTP_LENGTH, PASSWORD_MIN_LENGTH } from '@/lib/domain/auth-rules';
import { useFormSubmit } from './use-form-submit';

// /otp-verify — the 6-digit code of the flow in progress (sign-in, sign-up, or no-password
// sign-up-or-in), with resend after a countdown. A new customer of a brand that takes names
// gives it right after the code.
export function OtpVerifyForm() {
  const opts = authOptionsOf(useBrand().otpServices);
  const t = useT();
  const stored = useBrowserValue<string | null | undefined>(readPendingRaw, undefined);
  const [override, setPending] = useState<PendingOtp>();
  const [step, setStep] = useState<'code' | 'name'>('code');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [userName, setUserName] = useState('');
  const { errors, setErrors, busy, setBusy, formRef, fail, valid, submit } = useFormSubmit();
  const [notice, setNotice] = useState<string>();
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const pending = override ?? (stored === undefined ? undefined : (parsePendingOtp(stored) ?? null));
  if (pending === undefined) return null;
  if (pending === null) {
    return (
      <p>
        {t('auth.noCodeWaiting')} <Link className="underline" href="/login">{t('auth.startAgain')}</Link>.
      </p>
    );
  }
  const p = pending;
  const needPassword = p.mode === 'SIGNUP' && !opts.noPassword && !pendingPassword();
  const wait = resendWait(p, now);

  async function onCode(ev: FormEvent) {
    ev.preventDefault();
    const local = {
      otp: new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code.trim()) ? undefined : t('auth.enterCode', { count: OTP_LENGTH }),
      password: !needPassword || password.length >= PASSWORD_MIN_LENGTH ? undefined : t('auth.passwordTooShort', { count: PASSWORD_MIN_LENGTH }),
    };
    if (!valid(local)) return;
    await submit(['otp', 'password'], async () => {
      const otp = code.trim();
      if (p.mode === 'SIGNUP') {
        await signUp({ channel: p.channel, contact: p.contact, otp, userName: p.userName, password: opts.noPassword ? undefined : (pendingPassword() ?? password) });
      } else {
        const res = await verifyOtp({ mode: p.mode, channel: p.channel, contact: p.contact, otp, userName: p.userName });
        if (res.isNewCustomer && opts.askUserName && !p.userName) {
          setPending(p);
          clearPendingOtp();
          setBusy(false);
          setErrors({});
          setStep('name');
          return;
        }
      }
      clearPendingOtp();
      finishSignIn(p.from);
    });
  }

  async function onName(ev: FormEvent) {
    ev.preventDefault();
    if (!userName.trim()) return fail({ userName: t('auth.enterName') });
    await submit(['userName'], async () => {
      await http(PROFILE_PATH, { method: 'PUT', body: { userName: userName.trim() } });
      finishSignIn(p.from);
    });
  }

  async function resend() {
    setErrors({});
    try {
      const sent = await sendOtp(p.mode, p.channel, p.contact);
      const next = { ...p, maskedContact: sent.maskedContact, resendAfterSeconds: sent.resendAfterSeconds, sentAt: Date.now() };
      savePendingOtp(next, pendingPassword());
      setPending(next);
      setNotice(t('auth.newCodeSent', { contact: sent.maskedContact }));
    } catch (err) {
      fail(formErrorsOf(err, []));
    }
  }

  if (step === 'name') {
    return (
      <form ref={formRef} onSubmit={onName} noValidate>
        <Alert kind="success">{t('auth.welcomeName')}</Alert>
        {errors.form && <Alert>{errors.form}</Alert>}
        <Field label={t('auth.yourName')} name="userName" autoComplete="name" value={userName} onChange={(e) => setUserName(e.target.value)} error={errors.userName} required />
        <Button type="submit" busy={busy}>{t('auth.continue')}</Button>
      </form>
    );
  }

  return (
    <form ref={formRef} onSubmit={onCode} noValidate>
      {notice && <Alert kind="success">{notice}</Alert>}
      {errors.form && <Alert>{errors.form}</Alert>}
      <p className="mb-4 text-gray-800">{t('auth.codeSentTo', { count: OTP_LENGTH, contact: p.maskedContact })}</p>
      {p.mode === 'SIGNUP' && (
        <p className="mb-4 text-gray-800">
          {t('auth.signupExisting')} <Link className="underline" href="/login">{t('auth.signInLower')}</Link>.
        </p>
      )}
      <CodeField label={t('auth.code')} value={code} onChange={setCode} error={errors.otp} />
      {needPassword && (
        // Only after a reload: the password chosen on /signup stays in memory, never in storage.
        <PasswordField label={t('auth.password')} name="password" autoComplete="new-password" hint={t('auth.passwordAgain', { count: PASSWORD_MIN_LENGTH })} value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} required />
      )}
      <Button type="submit" busy={busy}>{t('auth.verify')}</Button>
      <div className="mt-4 text-center">
        {wait > 0 ? (
          <p className="text-gray-800">{t('auth.resendIn', { seconds: wait })}</p>
        ) : (
          <button type="button" className="min-h-11 underline" onClick={resend}>{t('auth.sendNewCode')}</button>
        )}
      </div>
      <p className="mt-6 text-center">
        <Link className="underline" href="/login">{t('auth.useAnotherContact')}</Link>
      </p>
    </form>
  );
}
