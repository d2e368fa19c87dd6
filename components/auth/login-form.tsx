'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useBrand } from '@/components/shell/brand-context';
import { useT } from '@/components/shell/i18n-context';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { authOptionsOf, otpSignInMode } from '@/lib/client/auth-options';
import { passwordLogin, sendOtp } from '@/lib/client/auth-api';
import { finishSignIn } from '@/lib/client/finish-sign-in';
import { savePendingOtp } from '@/lib/client/pending-otp';
import { useHydrated } from '@/lib/client/navigate';
import { ContactFields } from './contact-fields';
import { useFormSubmit } from './use-form-submit';

// A channel the API refuses is a problem of the contact typed for it.
const API_FIELDS = { contact: 'contact', channel: 'contact', password: 'password' } as const;

// /login — password sign-in, or a one-time code (LOGIN; SIGNUP OR LOGIN under the no-password flow).
export function LoginForm({ from, notice }: { from: string; notice?: string }) {
  const brand = useBrand();
  const t = useT();
  const opts = authOptionsOf(brand.otpServices);
  const router = useRouter();
  const [channel, setChannel] = useState(opts.channels[0]!);
  const [contact, setContact] = useState('');
  const [password, setPassword] = useState('');
  const [withCode, setWithCode] = useState(opts.noPassword);
  const { errors, setErrors, busy, formRef, valid, submit } = useFormSubmit();
  const hydrated = useHydrated();

  async function onSubmit(ev: FormEvent) {
    ev.preventDefault();
    const local = {
      contact: contact.trim() ? undefined : t(channel === 'email' ? 'auth.enterEmail' : 'auth.enterMobile'),
      password: withCode || password ? undefined : t('auth.enterPassword'),
    };
    if (!valid(local)) return;
    await submit(API_FIELDS, async () => {
      if (withCode) {
        const mode = otpSignInMode(opts);
        const sent = await sendOtp(mode, channel, contact.trim());
        savePendingOtp({ mode, channel, contact: contact.trim(), maskedContact: sent.maskedContact, resendAfterSeconds: sent.resendAfterSeconds, sentAt: Date.now(), from });
        router.push('/otp-verify');
        return;
      }
      await passwordLogin(channel, contact.trim(), password);
      finishSignIn(from);
    });
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-describedby="login-help">
      {notice && <Alert kind="success">{notice}</Alert>}
      {errors.form && <Alert>{errors.form}</Alert>}
      <p id="login-help" className="mb-4 text-gray-800">
        {withCode ? t('auth.codeHelp') : t('auth.passwordHelp')}
      </p>
      <ContactFields
        channels={opts.channels}
        channel={channel}
        onChannel={setChannel}
        contact={contact}
        onContact={setContact}
        error={errors.contact}
      />
      {!withCode && (
        <PasswordField
          label={t('auth.password')}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          required
        />
      )}
      <Button type="submit" busy={busy}>
        {withCode ? t('auth.sendCode') : t('auth.signIn')}
      </Button>
      {!opts.noPassword && opts.otpSignIn && (
        <button
          type="button"
          disabled={!hydrated}
          className="mx-auto mt-4 block min-h-11 underline"
          onClick={() => {
            setWithCode((v) => !v);
            setErrors({});
          }}
        >
          {withCode ? t('auth.usePassword') : t('auth.useCode')}
        </button>
      )}
      {!opts.noPassword && (
        <p className="mt-6 flex justify-between gap-4">
          <Link className="underline" href="/forget-password">{t('auth.forgot')}</Link>
          <Link className="underline" href={from !== '/' ? `/signup?from=${encodeURIComponent(from)}` : '/signup'}>{t('auth.createAccount')}</Link>
        </p>
      )}
    </form>
  );
}
