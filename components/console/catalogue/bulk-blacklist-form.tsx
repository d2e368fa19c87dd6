'use client';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { consoleFetch } from '@/lib/client/console-fetch';
import { formErrorsOf, type FormErrors } from '@/lib/client/form-errors';
import type { BulkBlacklist } from '@/lib/schemas/console-codes';
import { Alert } from '@/components/ui/alert';
import { ConsoleButton, FieldError, inputClass } from '../ui';
import { useFocusAfterRender } from '@/components/ui/use-form-focus';

// Blacklist many of a batch's codes at once (owner, manager): the whole batch, or its units from
// one printed code to another; each unit's printed and hidden code together. Asked again before
// it is done; one audit entry (codes.blacklist.bulk).

export function BulkBlacklistForm({ brand, batchId, batchNumber }: { brand: string; batchId: string; batchNumber: string }) {
  const router = useRouter();
  const id = useId();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const focusLater = useFocusAfterRender();
  const [done, setDone] = useState('');
  const confirmRef = useRef<HTMLButtonElement>(null);
  const what = from.trim() || to.trim() ? `the units of batch ${batchNumber} from ${from.trim() || '…'} to ${to.trim() || '…'}` : `every code of batch ${batchNumber}`;

  function ask(e: FormEvent) {
    e.preventDefault();
    setDone('');
    setErrors({});
    setConfirming(true);
    focusLater(() => confirmRef.current);
  }

  async function run() {
    setBusy(true);
    try {
      const body = { batchId, confirm: true, ...(from.trim() ? { from: from.trim() } : {}), ...(to.trim() ? { to: to.trim() } : {}) };
      const r = await consoleFetch<BulkBlacklist>(`/console/brands/${encodeURIComponent(brand)}/codes/blacklist`, { method: 'POST', body });
      setDone(`Blacklisted ${r.blacklisted} codes${r.alreadyBlacklisted ? ` (${r.alreadyBlacklisted} were already)` : ''}: their scans now answer Fake.`);
      setConfirming(false);
      router.refresh();
    } catch (err) {
      const found = formErrorsOf(err, ['from', 'to']);
      setErrors(found);
      setConfirming(false);
      const field = found.from ? 'from' : found.to ? 'to' : '';
      if (field) focusLater(() => document.getElementById(`${id}-${field}`));
    } finally {
      setBusy(false);
    }
  }

  const input = (name: 'from' | 'to', label: string, value: string, set: (v: string) => void) => (
    <div className="mb-3">
      <label htmlFor={`${id}-${name}`} className="mb-1 block font-medium text-gray-900">{label}</label>
      <input
        id={`${id}-${name}`}
        className={`${inputClass} font-mono`}
        value={value}
        onChange={(e) => { set(e.target.value); setConfirming(false); }}
        disabled={busy}
        spellCheck={false}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
      />
      <FieldError id={`${id}-${name}-error`} error={errors[name]} />
    </div>
  );

  return (
    <form onSubmit={ask} noValidate className="max-w-xl" aria-label={`Blacklist codes of batch ${batchNumber}`}>
      {errors.form && <Alert>{errors.form}</Alert>}
      {done && <Alert kind="success">{done}</Alert>}
      <p className="mb-3 text-gray-800">Leave both empty for the whole batch, or give the first and last code of a range as printed (either code of a unit).</p>
      <div className="grid gap-x-4 sm:grid-cols-2">
        {input('from', 'From code', from, setFrom)}
        {input('to', 'To code', to, setTo)}
      </div>
      {!confirming && (
        <ConsoleButton type="submit" busy={busy}>
          Blacklist codes…
        </ConsoleButton>
      )}
      {confirming && (
        <div role="alertdialog" aria-labelledby={`${id}-confirm`} className="space-y-2 rounded-md border-2 border-red-700 p-3">
          <p id={`${id}-confirm`} className="text-gray-900">{`Blacklist ${what}, printed and hidden codes together? Every scan of them will answer Fake.`}</p>
          <div className="flex flex-wrap gap-2">
            <button ref={confirmRef} type="button" disabled={busy} onClick={() => void run()} className="min-h-11 rounded-lg bg-red-700 px-4 py-2 font-semibold text-white disabled:opacity-60">
              Yes, blacklist them
            </button>
            <button type="button" disabled={busy} onClick={() => setConfirming(false)} className="min-h-11 rounded-lg border border-gray-400 bg-white px-4 py-2 font-semibold text-gray-900">
              Cancel
            </button>
          </div>
        </div>
      )}
    </form>
  );
}
