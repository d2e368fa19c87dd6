'use client';
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { useBrand } from '@/components/shell/brand-context';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { authOptionsOf } from '@/lib/client/auth-options';
import { resetForgottenPassword, sendOtp } from '@/lib/client/auth-api';
import { hardNavigate } from '@/lib/client/navigate';
import { OTP_LENGTH, PASSWORD_MIN_LENGTH } from '@/lib/domain/auth-rules';
import { ContactFields } from './contact-fields';
import { useFormSubmit } from './use-form-submit';

// /forget-password — contact → code (FORGOT PASSWORD) → new password → /login with a notice.
export function ForgetPasswordForm() {
  const opts = authOptionsOf(useBrand().otpServices);
  const [step, setStep] = useState<'contact' | 'reset'>('contact');
  const [channel, setChannel] = useState(opts.channels[0]!);
  const [contact, setContact] = useState('');
  const [masked, setMasked] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const { errors, setErrors, busy, setBusy, formRef, fail, valid, submit } = useFormSubmit();

  if (opts.noPassword) {
    return (
      <p>
        This app signs you in with a one-time code, so there is no password to reset. <Link className="underline" href="/login">Sign in</Link>.
      </p>
    );
  }

  async function onContact(ev: FormEvent) {
    ev.preventDefault();
    if (!contact.trim()) return fail({ contact: 'Enter your ' + (channel === 'email' ? 'e-mail address' : 'mobile number') });
    await submit({ contact: 'contact', channel: 'contact' }, async () => {
      const sent = await sendOtp('FORGOT PASSWORD', channel, contact.trim());
      setMasked(sent.maskedContact);
      setErrors({});
      setBusy(false);
      setStep('reset');
    });
  }

  async function onReset(ev: FormEvent) {
    ev.preventDefault();
    const local = {
      otp: new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code.trim()) ? undefined : `Enter the ${OTP_LENGTH}-digit code`,
      password: password.length >= PASSWORD_MIN_LENGTH ? undefined : `Use at least ${PASSWORD_MIN_LENGTH} characters`,
    };
    if (!valid(local)) return;
    await submit(['otp', 'password'], async () => {
      await resetForgottenPassword({ channel, contact: contact.trim(), otp: code.trim(), password });
      hardNavigate('/login?reset=1');
    });
  }

  if (step === 'reset') {
    return (
      <form ref={formRef} onSubmit={onReset} noValidate>
        {errors.form && <Alert>{errors.form}</Alert>}
        <p className="mb-4 text-gray-800">If an account uses {masked}, we sent it a {OTP_LENGTH}-digit code.</p>
        <Field label="Code" name="otp" inputMode="numeric" autoComplete="one-time-code" maxLength={OTP_LENGTH} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} error={errors.otp} required />
        <Field label="New password" name="password" type="password" autoComplete="new-password" hint={`At least ${PASSWORD_MIN_LENGTH} characters.`} value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} required />
        <Button type="submit" busy={busy}>Set new password</Button>
      </form>
    );
  }

  return (
    <form ref={formRef} onSubmit={onContact} noValidate>
      {errors.form && <Alert>{errors.form}</Alert>}
      <ContactFields channels={opts.channels} channel={channel} onChannel={setChannel} contact={contact} onContact={setContact} error={errors.contact} />
      <Button type="submit" busy={busy}>Send code</Button>
      <p className="mt-6 text-center"><Link className="underline" href="/login">Back to sign in</Link></p>
    </form>
  );
}
