'use client';
import { useId, useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { consoleApi } from '@/lib/client/console-api';
import { CONSOLE_API } from '@/lib/shared/console-api';
import { formErrorsOf, type FormErrors } from '@/lib/client/form-errors';
import { Alert } from '@/components/ui/alert';
import { ConsoleButton } from '../button';
import { FieldError, inputClass } from '../ui';
import { useFocusAfterRender } from '@/components/ui/use-form-focus';

// One GS1 key of the catalogue (docs/gs1.md): a product's GTIN, a batch's lot or a unit's serial
// (owner, manager). The same use cases as `npm run brand -- set-gtin` / `set-lot` / `set-serial`;
// empty clears the key. A refused value is said beside the field, which takes the keyboard.

type Key = 'gtin' | 'lot' | 'serial';

const TEXT: Record<Key, { label: string; hint: string; save: string; saved: (v: string | null) => string }> = {
  gtin: {
    label: 'GTIN',
    hint: 'The GS1 barcode number of the product: 8, 12, 13 or 14 digits with its check digit. Stored as 14 digits; empty: none.',
    save: 'Save GTIN',
    saved: (v) => (v ? `GTIN saved: ${v}.` : 'GTIN removed.'),
  },
  lot: {
    label: 'GS1 lot',
    hint: "The lot printed in the GS1 link (up to 20 letters, digits or GS1's punctuation). Empty: the batch number.",
    save: 'Save lot',
    saved: (v) => `Lot saved: ${v}.`,
  },
  serial: {
    label: 'GS1 serial',
    hint: "The serial printed in this unit's GS1 link (up to 20 letters, digits or GS1's punctuation), unique for the product. Empty: the code's qrId. Change it before printing: a printed link with the old serial then answers Fake.",
    save: 'Save serial',
    saved: (v) => `Serial saved: ${v}.`,
  },
};

/** Saves one key by its own operation; answers the key as stored. */
async function save(brand: string, owner: string, field: Key, value: string | null): Promise<string | null> {
  if (field === 'gtin') return (await consoleApi(CONSOLE_API.productGtin, { params: { brand, productId: owner }, body: { gtin: value } })).gtin;
  if (field === 'lot') return (await consoleApi(CONSOLE_API.batchLot, { params: { brand, batchId: owner }, body: { lot: value } })).lot;
  return (await consoleApi(CONSOLE_API.unitSerial, { params: { brand, qrId: owner }, body: { serial: value } })).serial;
}

/** `id`: the product's id (gtin), the batch's (lot) or the unit's qrId (serial). */
export function Gs1KeyForm({ brand, id: owner, field, value: initial }: { brand: string; id: string; field: Key; value: string }) {
  const router = useRouter();
  const id = useId();
  const text = TEXT[field];
  const [value, setValue] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const focusLater = useFocusAfterRender();
  const [done, setDone] = useState('');

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setDone('');
    try {
      const typed = value.trim();
      const saved = await save(brand, owner, field, typed || null);
      // A cleared serial stays empty in the field (its qrId is the serial); the other keys show what is stored.
      setValue(field === 'serial' && !typed ? '' : (saved ?? ''));
      setDone(field === 'serial' && !typed ? "Serial cleared: the code's qrId is its serial again." : text.saved(saved));
      router.refresh();
    } catch (err) {
      setErrors(formErrorsOf(err, [field]));
      focusLater(() => document.getElementById(`${id}-${field}`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="max-w-xl">
      {errors.form && <Alert>{errors.form}</Alert>}
      {done && <Alert kind="success">{done}</Alert>}
      <div className="mb-4">
        <label htmlFor={`${id}-${field}`} className="mb-1 block font-medium text-gray-900">
          {text.label}
        </label>
        <input
          id={`${id}-${field}`}
          className={inputClass}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          inputMode={field === 'gtin' ? 'numeric' : undefined}
          autoComplete="off"
          disabled={busy}
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={[`${id}-${field}-hint`, errors[field] ? `${id}-${field}-error` : ''].filter(Boolean).join(' ')}
        />
        <p id={`${id}-${field}-hint`} className="mt-1 text-sm text-gray-700">
          {text.hint}
        </p>
        <FieldError id={`${id}-${field}-error`} error={errors[field]} />
      </div>
      <ConsoleButton type="submit" busy={busy}>
        {text.save}
      </ConsoleButton>
    </form>
  );
}
