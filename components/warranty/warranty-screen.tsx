'use client';
import Link from 'next/link';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { useFormSubmit } from '@/components/auth/use-form-submit';
import { fileProblem, formatSize, kindOf } from '@/components/files/file-rules';
import { prepareUpload, type Prepared } from '@/components/files/prepare-photo';
import { UploadProgress } from '@/components/files/upload-progress';
import type { FormErrors } from '@/lib/client/form-errors';
import type { Translate } from '@/lib/shared/i18n';
import { myProductsQuery } from '@/lib/client/queries/my-products';
import { registerWarranty, warrantiesQuery } from '@/lib/client/queries/warranty';
import { useI18nWithFormats } from '@/components/shell/use-formats';
import { apiErrorText } from '@/lib/shared/api-error-words';
import { WarrantyCard } from './warranty-card';

const link = 'font-medium text-brand-primary underline';
const FIELDS = ['unitId', 'purchaseDate', 'invoice'] as const;

/** A chosen file's refusal in the page's language (components/files/prepare-photo.ts). */
function preparedProblem(name: string, p: Extract<Prepared, { ok: false }>, t: Translate): string {
  if (p.problem === 'type') return t('warranty.fileType', { name });
  if (p.problem === 'empty') return t('warranty.fileEmpty', { name });
  if (p.problem === 'unreadable') return t('files.unreadable', { name });
  return t('warranty.fileTooLarge', { name, size: p.limitMb });
}

/** The invoice's problem in the page's language (the upload rules of components/files/file-rules.ts). */
function invoiceProblem(file: File, t: Translate): string | undefined {
  if (!fileProblem(file, ['image', 'pdf'])) return undefined;
  const kind = kindOf(file);
  if (kind !== 'image' && kind !== 'pdf') return t('warranty.fileType', { name: file.name });
  if (file.size === 0) return t('warranty.fileEmpty', { name: file.name });
  return t('warranty.fileTooLarge', { name: file.name, size: kind === 'image' ? 5 : 10 });
}

function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

// /warranty[?unitId=] — register the warranty of a claimed unit (POST /api/customer/warranties,
// multipart) and list the registered ones.
export function WarrantyScreen({ unitId }: { unitId?: string }) {
  const i18n = useI18nWithFormats();
  const { locale, t } = i18n;
  const queryClient = useQueryClient();
  const products = useQuery(myProductsQuery());
  const warranties = useQuery(warrantiesQuery());
  const [chosen, setChosen] = useState(unitId ?? '');
  const [purchaseDate, setPurchaseDate] = useState('');
  const [invoice, setInvoice] = useState<File | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [shrunkFrom, setShrunkFrom] = useState<number>();
  const [sent, setSent] = useState<number>();
  const { errors, setErrors, busy, setBusy, formRef, valid, submit } = useFormSubmit();
  const [registeredId, setRegisteredId] = useState<string>();

  if (products.isPending || warranties.isPending) return <p className="text-gray-800">{t('complaints.loading')}</p>;
  if (products.error || warranties.error) {
    const failed = (products.error ?? warranties.error)!;
    return <Alert>{apiErrorText(locale, t, failed) ?? failed.message}</Alert>;
  }

  const registered = new Set(warranties.data.map((w) => w.unitId));
  const open = products.data.filter((p) => !registered.has(p.unitId) && p.product.warrantyMonths > 0);
  const shown = unitId ? warranties.data.filter((w) => w.unitId === unitId) : warranties.data;
  const justRegistered = warranties.data.find((w) => w.warrantyId === registeredId);

  // Checked as soon as it is chosen; a large photo is made smaller here, before Register.
  async function onInvoice(file: File | undefined) {
    setInvoice(null);
    setShrunkFrom(undefined);
    setErrors((e) => ({ ...e, invoice: undefined }));
    if (!file) return;
    setPreparing(true);
    const prepared = await prepareUpload(file, ['image', 'pdf']);
    setPreparing(false);
    if (!prepared.ok) return setErrors((e) => ({ ...e, invoice: preparedProblem(file.name, prepared, t) }));
    setInvoice(prepared.file);
    if (prepared.shrunk) setShrunkFrom(file.size);
  }

  async function onSubmit(ev: FormEvent) {
    ev.preventDefault();
    const problems: FormErrors = {};
    if (!chosen) problems.unitId = t('warranty.chooseProduct');
    if (!purchaseDate) problems.purchaseDate = t('warranty.enterDate');
    else if (purchaseDate > today()) problems.purchaseDate = t('warranty.dateInFuture');
    if (preparing) return;
    if (!invoice) problems.invoice = errors.invoice ?? t('warranty.attachInvoice');
    else problems.invoice = invoiceProblem(invoice, t);
    if (!valid(problems)) return;
    const form = new FormData();
    form.set('unitId', chosen);
    form.set('purchaseDate', purchaseDate);
    form.set('invoice', invoice!, invoice!.name);
    await submit(FIELDS, async () => {
      setSent(0);
      const w = await registerWarranty(form, setSent).finally(() => setSent(undefined));
      queryClient.setQueryData(warrantiesQuery().queryKey, (old) => [w, ...(old ?? [])]);
      void queryClient.invalidateQueries({ queryKey: myProductsQuery().queryKey });
      setRegisteredId(w.warrantyId);
      setErrors({});
      setChosen('');
      setPurchaseDate('');
      setInvoice(null);
      setShrunkFrom(undefined);
      setBusy(false); // the form stays for the next product
    });
  }

  const canRegister = unitId ? open.some((p) => p.unitId === unitId) : open.length > 0;
  return (
    <>
      {justRegistered && <Alert kind="success">{t('warranty.registered', { product: justRegistered.productName })}</Alert>}
      {canRegister && (
        <form ref={formRef} onSubmit={onSubmit} noValidate className="mb-6 rounded-lg border border-gray-300 bg-white p-4" aria-labelledby="warranty-form-title">
          <h2 id="warranty-form-title" className="mb-3 text-lg font-semibold text-gray-900">{t('warranty.formTitle')}</h2>
          {errors.form && <Alert>{errors.form}</Alert>}
          {!errors.form && (errors.unitId || errors.purchaseDate || errors.invoice) && (
            <Alert>{[errors.unitId, errors.purchaseDate, errors.invoice].filter(Boolean).join(' ')}</Alert>
          )}
          <div className="mb-4">
            <label htmlFor="warranty-unit" className="mb-1 block font-medium text-gray-900">{t('complaint.product')}</label>
            <select
              id="warranty-unit"
              value={chosen}
              onChange={(e) => setChosen(e.target.value)}
              aria-invalid={errors.unitId ? true : undefined}
              aria-describedby={errors.unitId ? 'warranty-unit-error' : undefined}
              className="block min-h-11 w-full rounded-md border border-gray-500 bg-white px-3 py-2 text-gray-900"
            >
              <option value="">{t('warranty.chooseOption')}</option>
              {open.map((p) => (
                <option key={p.unitId} value={p.unitId}>
                  {t('warranty.productOption', { product: p.product.name, batch: p.batch.batchNumber, count: p.product.warrantyMonths })}
                </option>
              ))}
            </select>
            {errors.unitId && <p id="warranty-unit-error" className="mt-1 text-sm font-medium text-red-700">{errors.unitId}</p>}
          </div>
          <Field label={t('warranty.purchaseDate')} type="date" max={today()} value={purchaseDate} onChange={(e) => setPurchaseDate(e.target.value)} error={errors.purchaseDate} />
          <Field
            // a new input after each registration: a file input cannot be emptied from its state
            key={registeredId ?? 'first'}
            label={t('warranty.invoice')}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif,application/pdf"
            hint={t('warranty.invoiceHint')}
            onChange={(e) => void onInvoice(e.target.files?.[0])}
            error={errors.invoice}
          />
          <div aria-live="polite" className="-mt-2 mb-4 text-sm text-gray-800" data-testid="invoice-status">
            {preparing && <p>{t('files.preparing')}</p>}
            {invoice && shrunkFrom !== undefined && <p>{t('files.shrunk', { from: formatSize(shrunkFrom), to: formatSize(invoice.size) })}</p>}
          </div>
          {sent !== undefined && <UploadProgress share={sent} />}
          <Button type="submit" busy={busy || preparing}>{t('warranty.register')}</Button>
        </form>
      )}
      {!canRegister && shown.length === 0 && (
        <div className="mb-6 rounded-lg border border-gray-300 bg-white p-4 text-gray-800" data-testid="no-warranty-units">
          <p>{t('warranty.claimFirst')}</p>
          <p className="mt-2"><Link className={link} href="/qr-scan">{t('module.scan')}</Link> · <Link className={link} href="/my-products">{t('module.myProducts')}</Link></p>
        </div>
      )}
      {shown.length > 0 && (
        <>
          <h2 className="mb-2 text-lg font-semibold text-gray-900">{unitId ? t('warranty.ofThisProduct') : t('warranty.yours')}</h2>
          <ul className="space-y-3">
            {shown.map((w) => (
              <WarrantyCard key={w.warrantyId} warranty={w} i18n={i18n} />
            ))}
          </ul>
        </>
      )}
    </>
  );
}
