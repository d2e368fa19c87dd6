'use client';
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { ConsoleButton } from './button';
import { Field } from '@/components/ui/field';
import { useFormSubmit } from '@/components/auth/use-form-submit';
import { consoleApi } from '@/lib/client/console-api';
import { CONSOLE_API } from '@/lib/shared/console-api';
import { goToNextStep } from './next-step';

// /sign-in on the console host — e-mail and password; the code or the authenticator's set-up follows.
export function ConsoleSignInForm({ from, notice }: { from: string; notice?: string }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { errors, busy, formRef, valid, submit } = useFormSubmit();

  async function onSubmit(ev: FormEvent) {
    ev.preventDefault();
    const local = { email: email.trim() ? undefined : 'Enter your e-mail address', password: password ? undefined : 'Enter your password' };
    if (!valid(local)) return;
    await submit(['email', 'password'], async () => {
      const { next } = await consoleApi(CONSOLE_API.signIn, { body: { email: email.trim(), password } });
      goToNextStep(next, from);
    });
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      {notice && <Alert kind="success">{notice}</Alert>}
      {errors.form && <Alert>{errors.form}</Alert>}
      <Field label="E-mail" name="email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} required />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        required
      />
      <ConsoleButton type="submit" className="w-full" busy={busy}>
        Sign in
      </ConsoleButton>
      <p className="mt-6 text-center">
        <Link href="/reset" className="underline">
          Forgot your password?
        </Link>
      </p>
    </form>
  );
}
