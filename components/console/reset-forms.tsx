'use client';
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { ConsoleButton } from './button';
import { Field } from '@/components/ui/field';
import { useFormSubmit } from '@/components/auth/use-form-submit';
import { consoleApi } from '@/lib/client/console-api';
import { CONSOLE_API } from '@/lib/shared/console-api';

// /reset — asks for a reset link (the same answer for any address).
export function ResetRequestForm() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string>();
  const { errors, busy, setBusy, formRef, valid, submit } = useFormSubmit();

  async function onSubmit(ev: FormEvent) {
    ev.preventDefault();
    if (!valid({ email: email.trim() ? undefined : 'Enter your e-mail address' })) return;
    await submit(['email'], async () => {
      const res = await consoleApi(CONSOLE_API.passwordReset, { body: { email: email.trim() } });
      setSent(res.message);
      setBusy(false);
    });
  }

  if (sent) return <Alert kind="success">{sent}</Alert>;
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      {errors.form && <Alert>{errors.form}</Alert>}
      <Field label="E-mail" name="email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} required />
      <ConsoleButton type="submit" className="w-full" busy={busy}>
        Send me a link
      </ConsoleButton>
    </form>
  );
}

// /reset/<token> — a new password; every session of the account ends, and the sign-in follows.
export function ResetConfirmForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [done, setDone] = useState(false);
  const { errors, busy, setBusy, formRef, valid, submit } = useFormSubmit();

  async function onSubmit(ev: FormEvent) {
    ev.preventDefault();
    if (!valid({ password: password ? undefined : 'Choose a new password' })) return;
    await submit({ password: 'password', token: 'form' }, async () => {
      await consoleApi(CONSOLE_API.passwordResetConfirm, { body: { token, password } });
      setDone(true);
      setBusy(false);
    });
  }

  if (done) {
    return (
      <Alert kind="success">
        Your password is changed and every session of your account has ended.{' '}
        <Link href="/sign-in" className="underline">
          Sign in
        </Link>
      </Alert>
    );
  }
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      {errors.form && <Alert>{errors.form}</Alert>}
      <Field
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        required
      />
      <ConsoleButton type="submit" className="w-full" busy={busy}>
        Set password
      </ConsoleButton>
    </form>
  );
}
