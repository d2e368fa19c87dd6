'use client';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Field } from '@/components/ui/field';
import { useFormSubmit } from '@/components/auth/use-form-submit';
import { consoleApi } from '@/lib/client/console-api';
import { CONSOLE_API } from '@/lib/shared/console-api';
import { ConsoleButton } from './button';
import { CodeField } from './code-field';
import { goToNextStep } from './next-step';

// /second-factor — the authenticator's code finishes the sign-in; without the phone, one of the
// account's recovery codes does instead (each works once). Switching moves the keyboard to the
// new field, and the switch is a real button (the console kit's link look), so it works from
// the keyboard and is announced.
export function SecondFactorForm({ from }: { from: string }) {
  const [mode, setMode] = useState<'app' | 'recovery'>('app');
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const { errors, setErrors, busy, formRef, valid, submit } = useFormSubmit();
  const [switched, setSwitched] = useState(false);

  function switchTo(next: 'app' | 'recovery') {
    setErrors({});
    setSwitched(true);
    setMode(next);
  }

  async function onSubmit(ev: FormEvent) {
    ev.preventDefault();
    if (mode === 'recovery') {
      if (!valid({ recoveryCode: recoveryCode.trim() ? undefined : 'Enter one of your recovery codes' })) return;
      await submit(['recoveryCode'], async () => {
        const { next } = await consoleApi(CONSOLE_API.secondFactorRecovery, { body: { recoveryCode: recoveryCode.trim() } });
        goToNextStep(next, from);
      });
      return;
    }
    if (!valid({ code: /^\d{6}$/.test(code) ? undefined : 'Enter the 6-digit code' })) return;
    await submit(['code'], async () => {
      const { next } = await consoleApi(CONSOLE_API.secondFactor, { body: { code } });
      goToNextStep(next, from);
    });
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      {errors.form && <Alert>{errors.form}</Alert>}
      {mode === 'app' ? (
        <CodeField value={code} onChange={setCode} error={errors.code} autoFocus />
      ) : (
        <Field
          label="Recovery code"
          name="recoveryCode"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={40}
          hint="One of the ten codes you saved when you set up your authenticator app, like k7hm-2qxz-9wrt. Each works once."
          value={recoveryCode}
          onChange={(e) => setRecoveryCode(e.target.value)}
          error={errors.recoveryCode}
          required
          // Focus follows the switch (and the first visit of the page keeps the code field's).
          autoFocus={switched}
        />
      )}
      <ConsoleButton type="submit" className="w-full" busy={busy}>
        Continue
      </ConsoleButton>
      <p className="mt-6 text-center">
        {mode === 'app' ? (
          <ConsoleButton variant="link" onClick={() => switchTo('recovery')}>
            Use a recovery code instead
          </ConsoleButton>
        ) : (
          <ConsoleButton variant="link" onClick={() => switchTo('app')}>
            Use the code from your authenticator app
          </ConsoleButton>
        )}
      </p>
    </form>
  );
}
