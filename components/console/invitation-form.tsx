'use client';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { ConsoleButton } from './button';
import { Field } from '@/components/ui/field';
import { useFormSubmit } from '@/components/auth/use-form-submit';
import { consoleApi } from '@/lib/client/console-api';
import { CONSOLE_API } from '@/lib/shared/console-api';
import { goToNextStep } from './next-step';

// /invitation/<token> — a new account chooses its name and password; an existing one confirms
// with its password. The authenticator's set-up (or code) follows.
export function InvitationForm({ token, hasAccount }: { token: string; hasAccount: boolean }) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const { errors, busy, formRef, valid, submit } = useFormSubmit();

  async function onSubmit(ev: FormEvent) {
    ev.preventDefault();
    const local = {
      name: hasAccount || name.trim() ? undefined : 'Enter your name',
      password: password ? undefined : hasAccount ? 'Enter your password' : 'Choose a password',
    };
    if (!valid(local)) return;
    await submit({ name: 'name', password: 'password', token: 'form' }, async () => {
      const res = await consoleApi(CONSOLE_API.acceptInvitation, { body: { token, name: name.trim(), password } });
      goToNextStep(res.next, `/${res.brand}/overview`);
    });
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      {errors.form && <Alert>{errors.form}</Alert>}
      {!hasAccount && <Field label="Your name" name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} required />}
      <Field
        label={hasAccount ? 'Your console password' : 'Choose a password'}
        name="password"
        type="password"
        autoComplete={hasAccount ? 'current-password' : 'new-password'}
        hint={hasAccount ? undefined : 'At least 8 characters; a phrase of a few words is easy to remember and hard to guess.'}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        required
      />
      <ConsoleButton type="submit" className="w-full" busy={busy}>
        Join
      </ConsoleButton>
    </form>
  );
}
