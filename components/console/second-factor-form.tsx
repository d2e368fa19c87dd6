'use client';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useFormSubmit } from '@/components/auth/use-form-submit';
import { consoleFetch } from '@/lib/client/console-fetch';
import type { ConsoleNext } from '@/lib/schemas/console';
import { CodeField } from './code-field';
import { goToNextStep } from './next-step';

// /second-factor — the authenticator's code finishes the sign-in.
export function SecondFactorForm({ from }: { from: string }) {
  const [code, setCode] = useState('');
  const { errors, busy, formRef, valid, submit } = useFormSubmit();

  async function onSubmit(ev: FormEvent) {
    ev.preventDefault();
    if (!valid({ code: /^\d{6}$/.test(code) ? undefined : 'Enter the 6-digit code' })) return;
    await submit(['code'], async () => {
      const { next } = await consoleFetch<{ next: ConsoleNext }>('/console/second-factor', { body: { code } });
      goToNextStep(next, from);
    });
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      {errors.form && <Alert>{errors.form}</Alert>}
      <CodeField value={code} onChange={setCode} error={errors.code} autoFocus />
      <Button type="submit" busy={busy}>
        Continue
      </Button>
    </form>
  );
}
