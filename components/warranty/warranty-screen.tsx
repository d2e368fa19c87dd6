'use client';
import Link from 'next/link';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { useFormSubmit } from '@/components/auth/use-form-submit';
import { fileProblem } from '@/components/files/file-rules';
import type { FormErrors } from '@/lib/client/form-errors';
import { myProductsQuery } from '@/lib/client/queries/my-products';
import { registerWarranty, warrantiesQuery } from '@/lib/client/queries/warranty';
import { WarrantyCard } from './warranty-card';

const link = 'font-medium text-brand-primary underline';
const FIELDS = ['unitId', 'purchaseDate', 'invoice'] as const;

function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

// /warranty[?unitId=] — register the warranty of a claimed unit (POST /api/customer/warranties,
// multipart) and list the registered ones.
export function WarrantyScreen({ unitId }: { unitId?: string }) {
  const queryClient = useQueryClient();
  const products = useQuery(myProductsQuery());
  const warranties = useQuery(warrantiesQuery());
  const [chosen, setChosen] = useState(unitId ?? '');
  const [purchaseDate, setPurchaseDate] = useState('');
  const [invoice, setInvoice] = useState<File | null>(null);
  const { errors, setErrors, busy, setBusy, formRef, valid, submit } = useFormSubmit();
  const [registeredId, setRegisteredId] = useState<string>();

  if (products.isPending || warranties.isPending) return <p className="text-gray-800">Loading…</p>;
  if (products.error || warranties.error) return <Alert>{(products.error ?? warranties.error)!.message}</Alert>;

  const registered = new Set(warranties.data.map((w) => w.unitId));
  const open = products.data.filter((p) => !registered.has(p.unitId) && p.product.warrantyMonths > 0);
  const shown = unitId ? warranties.data.filter((w) => w.unitId === unitId) : warranties.data;
  const justRegistered = warranties.data.find((w) => w.warrantyId === registeredId);

  async function onSubmit(ev: FormEvent) {
    ev.preventDefault();
    const problems: FormErrors = {};
    if (!chosen) problems.unitId = 'Choose the product.';
    if (!purchaseDate) problems.purchaseDate = 'Enter the date you bought it.';
    else if (purchaseDate > today()) problems.purchaseDate = 'The purchase date cannot be in the future.';
    if (!invoice) problems.invoice = 'Attach the invoice (a photo or a PDF).';
    else problems.invoice = fileProblem(invoice, ['image', 'pdf']);
    if (!valid(problems)) return;
    const form = new FormData();
    form.set('unitId', chosen);
    form.set('purchaseDate', purchaseDate);
    form.set('invoice', invoice!, invoice!.name);
    await submit(FIELDS, async () => {
      const w = await registerWarranty(form);
      queryClient.setQueryData(warrantiesQuery().queryKey, (old) => [w, ...(old ?? [])]);
      void queryClient.invalidateQueries({ queryKey: myProductsQuery().queryKey });
      setRegisteredId(w.warrantyId);
      setErrors({});
      setChosen('');
      setPurchaseDate('');
      setInvoice(null);
      setBusy(false); // the form stays for the next product
    });
  }

  const canRegister = unitId ? open.some((p) => p.unitId === unitId) : open.length > 0;
  return (
    <>
      {justRegistered && <Alert kind="success">The warranty of {justRegistered.productName} is registered. It ends on the date below.</Alert>}
      {canRegister && (
        <form ref={formRef} onSubmit={onSubmit} noValidate className="mb-6 rounded-lg border border-gray-300 bg-white p-4" aria-labelledby="warranty-form-title">
          <h2 id="warranty-form-title" className="mb-3 text-lg font-semibold text-gray-900">Register a warranty</h2>
          {errors.form && <Alert>{errors.form}</Alert>}
          {!errors.form && (errors.unitId || errors.purchaseDate || errors.invoice) && (
            <Alert>{[errors.unitId, errors.purchaseDate, errors.invoice].filter(Boolean).join(' ')}</Alert>
          )}
          <div className="mb-4">
            <label htmlFor="warranty-unit" className="mb-1 block font-medium text-gray-900">Product</label>
            <select
              id="warranty-unit"
              value={chosen}
              onChange={(e) => setChosen(e.target.value)}
              aria-invalid={errors.unitId ? true : undefined}
              aria-describedby={errors.unitId ? 'warranty-unit-error' : undefined}
              className="block min-h-11 w-full rounded-md border border-gray-500 bg-white px-3 py-2 text-gray-900"
            >
              <option value="">Choose a product</option>
              {open.map((p) => (
                <option key={p.unitId} value={p.unitId}>
                  {p.product.name} · batch {p.batch.batchNumber} ({p.product.warrantyMonths} months)
                </option>
              ))}
            </select>
            {errors.unitId && <p id="warranty-unit-error" className="mt-1 text-sm font-medium text-red-700">{errors.unitId}</p>}
          </div>
          <Field label="Purchase date" type="date" max={today()} value={purchaseDate} onChange={(e) => setPurchaseDate(e.target.value)} error={errors.purchaseDate} />
          <Field
            // a new input after each registration: a file input cannot be emptied from its state
            key={registeredId ?? 'first'}
            label="Invoice"
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif,application/pdf"
            hint="A photo (PNG, JPEG, WebP, GIF up to 5 MB) or a PDF up to 10 MB."
            onChange={(e) => setInvoice(e.target.files?.[0] ?? null)}
            error={errors.invoice}
          />
          <Button type="submit" busy={busy}>Register warranty</Button>
        </form>
      )}
      {!canRegister && shown.length === 0 && (
        <div className="mb-6 rounded-lg border border-gray-300 bg-white p-4 text-gray-800" data-testid="no-warranty-units">
          <p>Claim a product first: after you buy it, scan the hidden code in its pack. Products with a warranty can then be registered here.</p>
          <p className="mt-2"><Link className={link} href="/qr-scan">Scan a product</Link> · <Link className={link} href="/my-products">My products</Link></p>
        </div>
      )}
      {shown.length > 0 && (
        <>
          <h2 className="mb-2 text-lg font-semibold text-gray-900">{unitId ? 'Warranty of this product' : 'Your warranties'}</h2>
          <ul className="space-y-3">
            {shown.map((w) => (
              <WarrantyCard key={w.warrantyId} warranty={w} />
            ))}
          </ul>
        </>
      )}
    </>
  );
}
