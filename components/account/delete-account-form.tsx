'use client';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { useFormSubmit } from '@/components/auth/use-form-submit';
import { clearAccessToken, http } from '@/lib/client/lazy-http';
import { hardNavigate } from '@/lib/client/navigate';
import { useT } from '@/components/shell/i18n-context';

// /delete-account — POST /api/customer/delete-account once the customer typed DELETE; the
// account's sessions end, so the app returns to the sign-in screen.
export function DeleteAccountForm({ brandName }: { brandName: string }) {
  const t = useT();
  const [confirm, setConfirm] = useState('');
  const [reason, setReason] = useState('');
  const { errors, busy, formRef, fail, submit } = useFormSubmit();

  async function onSubmit(ev: FormEvent) {
    ev.preventDefault();
    if (confirm !== 'DELETE') return fail({ confirm: t('account.typeDeleteError') });
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
        {t('account.deleteWarning', { brand: brandName })}
      </p>
      <Field label={t('account.leaveReason')} name="reason" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} error={errors.reason} />
      <Field label={t('account.typeDeleteLabel')} name="confirm" autoComplete="off" value={confirm} onChange={(e) => setConfirm(e.target.value)} error={errors.confirm} required />
      <Button type="submit" variant="danger" busy={busy}>{t('account.deleteButton')}</Button>
    </form>
  );
}
