'use client';
import Link from 'next/link';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useFormSubmit } from '@/components/auth/use-form-submit';
import { kindOf, MB } from '@/components/files/file-rules';
import { useT } from '@/components/shell/i18n-context';
import { openDispute } from '@/lib/client/disputes';
import { DISPUTE_PURCHASE_MAX } from '@/lib/domain/disputes';

// The dispute of a claim (docs/verification.md "Disputed claims"): a photo of the pack (required,
// an image of at most 5 MB; the API checks its bytes again), where and when it was bought
// (optional), and the contact the account already has. The API's refusals show at the field it
// names; one about the code (nobody else holds it, already disputed) shows for the whole form.

const FIELDS = { photo: 'photo', purchase: 'purchase', qrId: 'form' } as const;
const PHOTO_MAX = 5 * MB;
const input = 'block min-h-11 w-full rounded-md border border-gray-500 bg-white px-3 py-2 text-gray-900';
const labelCls = 'mb-1 block font-medium text-gray-900';

export function DisputeForm({ qrId, brand, contact }: { qrId: string; brand: string; contact: string | null }) {
  const t = useT();
  const id = useId();
  const [photo, setPhoto] = useState<File>();
  const [purchase, setPurchase] = useState('');
  const [reference, setReference] = useState<string>();
  const { errors, busy, setBusy, formRef, valid, submit } = useFormSubmit();

  async function onSubmit(ev: FormEvent) {
    ev.preventDefault();
    const photoProblem = !photo
      ? t('dispute.photoMissing')
      : kindOf(photo) !== 'image'
        ? t('dispute.photoNotImage', { name: photo.name })
        : photo.size > PHOTO_MAX
          ? t('dispute.photoTooLarge', { name: photo.name })
          : undefined;
    if (!valid({ photo: photoProblem }) || !photo) return;
    const form = new FormData();
    form.set('qrId', qrId);
    if (purchase.trim()) form.set('purchase', purchase.trim());
    form.set('photo', photo, photo.name);
    await submit(FIELDS, async () => {
      const answer = await openDispute(form);
      setReference(answer.disputeId);
      setBusy(false);
    });
  }

  if (reference) {
    return (
      <div data-testid="dispute-sent">
        <Alert kind="success">
          <p className="font-semibold">{t('dispute.sent', { brand })}</p>
          <p className="mt-1">{t('dispute.reference', { reference })}</p>
        </Alert>
        <p><Link className="font-medium text-brand-primary underline" href="/my-products">{t('dispute.follow')}</Link></p>
      </div>
    );
  }

  const err = (name: string) => errors[name];
  const errorText = (name: string) => err(name) && <p id={`${id}-${name}-error`} className="mt-1 text-sm font-medium text-red-700">{err(name)}</p>;
  const describedBy = (name: string, hint: string) => [hint, err(name) ? `${id}-${name}-error` : ''].filter(Boolean).join(' ');

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      {errors.form && <Alert>{errors.form}</Alert>}
      <div className="mb-4">
        <label htmlFor={`${id}-photo`} className={labelCls}>{t('dispute.photo')}</label>
        <input
          id={`${id}-photo`}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          required
          className={input}
          onChange={(e) => setPhoto(e.target.files?.[0])}
          aria-invalid={err('photo') ? true : undefined}
          aria-describedby={describedBy('photo', `${id}-photo-hint`)}
        />
        <p id={`${id}-photo-hint`} className="mt-1 text-sm text-gray-700">{t('dispute.photoHint')}</p>
        {errorText('photo')}
      </div>
      <div className="mb-4">
        <label htmlFor={`${id}-purchase`} className={labelCls}>{t('dispute.purchase')}</label>
        <textarea
          id={`${id}-purchase`}
          className={`${input} min-h-24`}
          maxLength={DISPUTE_PURCHASE_MAX}
          value={purchase}
          onChange={(e) => setPurchase(e.target.value)}
          aria-invalid={err('purchase') ? true : undefined}
          aria-describedby={describedBy('purchase', `${id}-purchase-hint`)}
        />
        <p id={`${id}-purchase-hint`} className="mt-1 text-sm text-gray-700">{t('dispute.purchaseHint', { count: purchase.length, max: DISPUTE_PURCHASE_MAX })}</p>
        {errorText('purchase')}
      </div>
      <p className="mb-4 text-gray-800" data-testid="dispute-contact">{contact ? t('dispute.contact', { brand, contact }) : t('dispute.contactNone', { brand })}</p>
      <Button type="submit" busy={busy}>{t('dispute.send')}</Button>
    </form>
  );
}
