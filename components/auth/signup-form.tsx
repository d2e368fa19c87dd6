'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useBrand } from '@/components/shell/brand-context';
import { useT } from '@/components/shell/i18n-context';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { PasswordField } from '@/components/ui/password-field';
import { authOptionsOf } from '@/lib/client/auth-options';
import { sendOtp, signUp } from '@/lib/client/auth-api';
import { finishSignIn } from '@/lib/client/finish-sign-in';
import { savePendingOtp } from '@/lib/client/pending-otp';
import { PASSWORD_MIN_LENGTH } from '@/lib/domain/auth-rules';
import { ContactFields } from './contact-fields';
import { useFormSubmit } from './use-form-submit';

// A channel the API refuses is a problem of the contact typed for it.
const API_FIELDS = { userName: 'userName', contact: 'contact', channel: 'contact', password: 'password' } as const;

// /signup — name (when the brand takes names), contact, password (unless the brand has no
// passwords); a code confirms the contact: sent first when the brand requires it, else sent by
// sign-up itself. Either way the customer is signed in on /otp-verify, once the code is entered.
export function SignupForm({ from }: { from: string }) {
  const brand = useBrand();
  const t = useT();
  const opts = authOptionsOf(brand.otpServices);
  const router = useRouter();
  const [userName, setUserName] = useState('');
  const [channel, setChannel] = useState(opts.channels[0]!);
  const [contact, setContact] = useState('');
  const [password, setPassword] = useState('');
  const { errors, busy, formRef, valid, submit } = useFormSubmit();

  async function onSubmit(ev: FormEvent) {
    ev.preventDefault();
    const local = {
      userName: !opts.askUserName || userName.trim() ? undefined : t('auth.enterName'),
      contact: contact.trim() ? undefined : t(channel === 'email' ? 'auth.enterEmail' : 'auth.enterMobile'),
      password: opts.noPassword || password.length >= PASSWORD_MIN_LENGTH ? undefined : t('auth.passwordTooShort', { count: PASSWORD_MIN_LENGTH }),
    };
    if (!valid(local)) return;
    const name = opts.askUserName ? userName.trim() : undefined;
    const pass = opts.noPassword ? undefined : password;
    await submit(API_FIELDS, async () => {
      const answer = opts.signupOtp
        ? await sendOtp('SIGNUP', channel, contact.trim())
        : await signUp({ channel, contact: contact.trim(), password: pass, userName: name });
      if (!('sent' in answer)) return finishSignIn(from);
      savePendingOtp(
        { mode: 'SIGNUP', channel, contact: contact.trim(), maskedContact: answer.maskedContact, resendAfterSeconds: answer.resendAfterSeconds, sentAt: Date.now(), userName: name, from },
        pass,
      );
      router.push('/otp-verify');
    });
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      {errors.form && <Alert>{errors.form}</Alert>}
      {opts.askUserName && (
        <Field label={t('auth.yourName')} name="userName" autoComplete="name" value={userName} onChange={(e) => setUserName(e.target.value)} error={errors.userName} required />
      )}
      <ContactFields channels={opts.channels} channel={channel} onChannel={setChannel} contact={contact} onContact={setContact} error={errors.contact} />
      {!opts.noPassword && (
        <PasswordField
          label={t('auth.password')}
          name="password"
          autoComplete="new-password"
          hint={t('auth.passwordHintLong', { count: PASSWORD_MIN_LENGTH })}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          required
        />
      )}
      <Button type="submit" busy={busy}>
        {opts.signupOtp ? t('auth.sendCode') : t('auth.createAccountButton')}
      </Button>
      <p className="mt-6 text-center">
        {t('auth.haveAccount')} <Link className="underline" href={from !== '/' ? `/login?from=${encodeURIComponent(from)}` : '/login'}>{t('auth.signIn')}</Link>
      </p>
    </form>
  );
}
