'use client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { useFocusOnError } from '@/components/ui/use-form-focus';
import { formErrorsOf, type FormErrors } from '@/lib/client/form-errors';
import { http } from '@/lib/client/http';
import { PROFILE_PATH, profileQuery } from '@/lib/client/queries/profile';
import type { CustomerProfile } from '@/lib/schemas/customer';

// /upi-details — the UPI id (vpa) cashback rewards are paid to, saved on the profile.
export function UpiForm() {
  const queryClient = useQueryClient();
  const { data: profile } = useQuery(profileQuery());
  const [vpa, setVpa] = useState(profile?.vpa ?? '');
  const [errors, setErrors] = useState<FormErrors>({});
  const [saved, setSaved] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const formRef = useFocusOnError(attempt);

  async function onSubmit(ev: FormEvent) {
    ev.preventDefault();
    setSaved(false);
    setBusy(true);
    try {
      const updated = await http<CustomerProfile>(PROFILE_PATH, { method: 'PUT', body: { vpa: vpa.trim() || null } });
      queryClient.setQueryData(profileQuery().queryKey, updated);
      setErrors({});
      setSaved(true);
    } catch (err) {
      setErrors(formErrorsOf(err, ['vpa']));
      setAttempt((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      {saved && <Alert kind="success">Your UPI id was saved.</Alert>}
      {errors.form && <Alert>{errors.form}</Alert>}
      <Field label="UPI id" name="vpa" placeholder="name@bank" autoComplete="off" value={vpa} onChange={(e) => setVpa(e.target.value)} error={errors.vpa} hint="Leave empty to remove it." />
      <Button type="submit" busy={busy}>Save UPI id</Button>
    </form>
  );
}
