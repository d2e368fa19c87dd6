'use client';
import { useState, type FormEvent } from 'react';
import Link from 'next/link';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { useFocusOnError } from '@/components/ui/use-form-focus';
import { formErrorsOf, type FormErrors } from '@/lib/client/form-errors';
import { errorMessageOf } from '@/lib/shared/fetch-rules';
import { http } from '@/lib/client/lazy-http';
import { PROFILE_PATH } from '@/lib/client/queries/profile';
import { useProfileState } from '@/components/shell/profile';
import type { CustomerProfile } from '@/lib/schemas/customer';
import { vpaProblem } from './vpa';
import { UPI_NEEDS_PASSWORD } from '@/lib/domain/auth-rules';

// /upi-details — shows the UPI id cashback is paid to and changes it (PUT customer-profile { vpa }).
export function UpiDetailsForm() {
  const { profile, setProfile } = useProfileState();
  const current = profile.vpa ?? null;
  const [vpa, setVpa] = useState<string>();
  const [errors, setErrors] = useState<FormErrors>({});
  const [saved, setSaved] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  // Asked for only when the API wants re-authentication (last sign-in over 10 minutes ago).
  const [askPassword, setAskPassword] = useState(false);
  const [password, setPassword] = useState('');
  const formRef = useFocusOnError(attempt);
  const value = vpa ?? current ?? '';

  async function onSubmit(ev: FormEvent) {
    ev.preventDefault();
    setSaved(false);
    const problem = vpaProblem(value);
    if (problem) {
      setErrors({ vpa: problem });
      setAttempt((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      const body = { vpa: value.trim() || null, ...(askPassword ? { currentPassword: password } : {}) };
      const updated = await http<CustomerProfile>(PROFILE_PATH, { method: 'PUT', body });
      setProfile(updated);
      setVpa(undefined);
      setErrors({});
      setAskPassword(false);
      setPassword('');
      setSaved(true);
    } catch (err) {
      // The API asks for the password again (a step of the flow, not a field's error): show its field.
      if (errorMessageOf(undefined, err) === UPI_NEEDS_PASSWORD) {
        setAskPassword(true);
        setErrors({ currentPassword: 'Enter your current password' });
      } else setErrors(formErrorsOf(err, ['vpa', 'currentPassword']));
      setAttempt((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <p className="mb-4 rounded-md border border-gray-300 bg-white p-3 text-gray-900" data-testid="current-vpa">
        {current ? <>Cashback is paid to <strong>{current}</strong>.</> : 'You have not added a UPI id yet.'}
      </p>
      {saved && <Alert kind="success">Your UPI id was saved. <Link className="underline" href="/rewards">Back to rewards</Link></Alert>}
      {(errors.form || errors.vpa || errors.currentPassword) && (
        <Alert>{errors.form ?? (errors.vpa ? `UPI id: ${errors.vpa}` : `Current password: ${errors.currentPassword}`)}</Alert>
      )}
      <Field
        label="UPI id"
        name="vpa"
        placeholder="name@bank"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        inputMode="email"
        value={value}
        onChange={(e) => setVpa(e.target.value)}
        error={errors.vpa}
        hint="Like name@bank. Leave empty to remove it."
      />
      {askPassword && (
        <Field
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          hint="Your last sign-in was a while ago: confirm it is you before the payout account changes."
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.currentPassword}
          required
        />
      )}
      <Button type="submit" busy={busy}>Save UPI id</Button>
    </form>
  );
}
