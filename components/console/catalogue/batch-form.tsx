'use client';
import { useId, useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { consoleApi } from '@/lib/client/console-api';
import { CONSOLE_API } from '@/lib/shared/console-api';
import { formErrorsOf, type FormErrors } from '@/lib/client/form-errors';
import { Alert } from '@/components/ui/alert';
import { useFocusOnError } from '@/components/ui/use-form-focus';
import { ConsoleButton } from '../button';
import { FieldError, inputClass } from '../ui';

// A new batch of a product: number, manufacturing and expiry dates, and the markets (countries)
// it is sold in.

const FIELDS = ['productId', 'batchNumber', 'mfgDate', 'expiryDate', 'markets'];

export function BatchForm({ brand, products, productId }: { brand: string; products: Array<{ id: string; name: string }>; productId?: string }) {
  const router = useRouter();
  const id = useId();
  const [values, setValues] = useState({ productId: productId ?? products[0]?.id ?? '', batchNumber: '', mfgDate: '', expiryDate: '', markets: '' });
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const formRef = useFocusOnError(attempt);
  const set = (k: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const local: FormErrors = {};
    if (!values.productId) local.productId = 'choose a product';
    if (!values.batchNumber.trim()) local.batchNumber = 'is required';
    if (values.mfgDate && values.expiryDate && values.expiryDate < values.mfgDate) local.expiryDate = 'must not be before the manufacturing date';
    if (Object.values(local).some(Boolean)) {
      setErrors(local);
      return setAttempt((n) => n + 1);
    }
    setBusy(true);
    setErrors({});
    try {
      const markets = values.markets
        .split(/[\s,]+/)
        .map((m) => m.trim().toUpperCase())
        .filter(Boolean);
      const batch = await consoleApi(CONSOLE_API.createBatch, {
        params: { brand },
        body: {
          productId: values.productId,
          batchNumber: values.batchNumber,
          ...(values.mfgDate ? { mfgDate: values.mfgDate } : {}),
          ...(values.expiryDate ? { expiryDate: values.expiryDate } : {}),
          markets,
        },
      });
      router.push(`/${brand}/catalogue/batches/${batch.id}`);
    } catch (err) {
      setErrors(formErrorsOf(err, FIELDS));
      setAttempt((n) => n + 1);
      setBusy(false);
    }
  }

  const aria = (f: string) => ({ 'aria-invalid': errors[f] ? true : undefined, 'aria-describedby': errors[f] ? `${id}-${f}-error` : undefined });
  return (
    <form ref={formRef} onSubmit={submit} noValidate className="max-w-xl" aria-label="New batch">
      {errors.form && <Alert>{errors.form}</Alert>}
      <div className="mb-4">
        <label htmlFor={`${id}-product`} className="mb-1 block font-medium text-gray-900">
          Product
        </label>
        <select id={`${id}-product`} className={inputClass} value={values.productId} onChange={set('productId')} {...aria('productId')}>
          {products.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-productId-error`} error={errors.productId} />
      </div>
      <div className="mb-4">
        <label htmlFor={`${id}-number`} className="mb-1 block font-medium text-gray-900">
          Batch number
        </label>
        <input id={`${id}-number`} className={inputClass} value={values.batchNumber} onChange={set('batchNumber')} maxLength={64} {...aria('batchNumber')} aria-describedby={[`${id}-number-hint`, errors.batchNumber ? `${id}-batchNumber-error` : ''].filter(Boolean).join(' ')} />
        <p id={`${id}-number-hint`} className="mt-1 text-sm text-gray-700">
          Letters, digits and . _ / - only.
        </p>
        <FieldError id={`${id}-batchNumber-error`} error={errors.batchNumber} />
      </div>
      <div className="mb-4 flex flex-wrap gap-4">
        <div>
          <label htmlFor={`${id}-mfg`} className="mb-1 block font-medium text-gray-900">
            Manufacturing date
          </label>
          <input id={`${id}-mfg`} type="date" className={inputClass} value={values.mfgDate} onChange={set('mfgDate')} {...aria('mfgDate')} />
          <FieldError id={`${id}-mfgDate-error`} error={errors.mfgDate} />
        </div>
        <div>
          <label htmlFor={`${id}-expiry`} className="mb-1 block font-medium text-gray-900">
            Expiry date
          </label>
          <input id={`${id}-expiry`} type="date" className={inputClass} value={values.expiryDate} onChange={set('expiryDate')} {...aria('expiryDate')} />
          <FieldError id={`${id}-expiryDate-error`} error={errors.expiryDate} />
        </div>
      </div>
      <div className="mb-6">
        <label htmlFor={`${id}-markets`} className="mb-1 block font-medium text-gray-900">
          Markets
        </label>
        <input id={`${id}-markets`} className={inputClass} value={values.markets} onChange={set('markets')} placeholder="IN, DE" {...aria('markets')} aria-describedby={[`${id}-markets-hint`, errors.markets ? `${id}-markets-error` : ''].filter(Boolean).join(' ')} />
        <p id={`${id}-markets-hint`} className="mt-1 text-sm text-gray-700">
          Two-letter country codes, separated by commas; empty: sold anywhere.
        </p>
        <FieldError id={`${id}-markets-error`} error={errors.markets} />
      </div>
      <ConsoleButton type="submit" busy={busy}>
        Create batch
      </ConsoleButton>
    </form>
  );
}
