'use client';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { useFormSubmit } from '@/components/auth/use-form-submit';
import { clearAccessToken, http } from '@/lib/client/lazy-http';
import { hardNavigate } from '@/lib/client/navigate';

// /delete-account — POST /api/customer/delete-account once the customer typed DELETE; the
// account's sessions end, so the app returns to the sign-in screen.
export function DeleteAccountForm({ brandName }: { brandName: string }) {
  const [confirm, setConfirm] = useState('');
  const [reason, setReason] = useState('');
  const { errors, busy, formRef, fail, submit } = useFormSubmit();

  async function onSubmit(ev: FormEvent) {
    ev.preventDefault();
    if (confirm !== 'DELETE') return fail({ confirm: 'Type DELETE in capital letters to confirm' });
    await submit(['confirm', 'reason'], async () => {
      await http('/customer/delete-account', { method: 'POST', body: reason.trim() ? { confirm, reason: reason.trim() } : { confirm } });
      await clearAccessToken();
      hardNavigate('/login?deleted=1');
    });
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      {errors.form && <Alert>{errors.form}</Alert>}
      <p className="mb-4 text-gray-800">
        Deleting your account signs you out everywhere and erases your personal details from the {brandName} app. This cannot be undone.
      </p>
      <Field label="Why are you leaving? (optional)" name="reason" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} error={errors.reason} />
      <Field label="Type DELETE to confirm" name="confirm" autoComplete="off" value={confirm} onChange={(e) => setConfirm(e.target.value)} error={errors.confirm} required />
      <Button type="submit" variant="danger" busy={busy}>Delete my account</Button>
    </form>
  );
}
