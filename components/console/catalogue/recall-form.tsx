'use client';
import { useId, useRef, useState, type FormEvent } from 'react';
import { consoleFetch } from '@/lib/client/console-fetch';
import { formErrorsOf, type FormErrors } from '@/lib/client/form-errors';
import type { RecallResult } from '@/lib/schemas/console-messages';
import { Alert } from '@/components/ui/alert';
import { ConsoleButton, FieldError, inputClass } from '../ui';
import { useFocusAfterRender } from '@/components/ui/use-form-focus';

// A recall or safety notice to every customer who claimed or registered a unit of the batch
// (owner, manager; docs/messages.md): asked again with the count before it is sent, then the count
// reached and the messages queued per channel. Audited (messages.recall).

export function RecallForm({ brand, batchId, batchNumber, customers }: { brand: string; batchId: string; batchNumber: string; customers: number }) {
  const id = useId();
  const [notice, setNotice] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');
  const confirmRef = useRef<HTMLButtonElement>(null);
  const focusLater = useFocusAfterRender();

  function ask(e: FormEvent) {
    e.preventDefault();
    setDone('');
    setErrors({});
    setConfirming(true);
    focusLater(() => confirmRef.current);
  }

  async function send() {
    setBusy(true);
    try {
      const r = await consoleFetch<RecallResult>(`/console/brands/${encodeURIComponent(brand)}/catalogue/batches/${encodeURIComponent(batchId)}/recall`, {
        method: 'POST',
        body: { notice: notice.trim(), confirm: true },
      });
      setDone(`Sent to ${r.customers} customer${r.customers === 1 ? '' : 's'}: ${r.queued.email} e-mail, ${r.queued.sms} SMS and ${r.queued.whatsapp} WhatsApp messages queued, and in each customer's messages in the app.`);
      setNotice('');
      setConfirming(false);
    } catch (err) {
      const found = formErrorsOf(err, ['notice']);
      setErrors(found);
      setConfirming(false);
      if (found.notice) focusLater(() => document.getElementById(`${id}-notice`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={ask} noValidate className="max-w-xl" aria-label={`Recall or safety notice for batch ${batchNumber}`}>
      {errors.form && <Alert>{errors.form}</Alert>}
      {done && <Alert kind="success">{done}</Alert>}
      <p className="mb-3 text-gray-800" data-testid="recall-audience">
        {customers === 0 ? 'No customer has claimed or registered a unit of this batch yet.' : `${customers} customer${customers === 1 ? '' : 's'} claimed or registered a unit of this batch. Each gets the notice in their language by e-mail, SMS or WhatsApp and in the app; they cannot turn it off.`}
      </p>
      <label htmlFor={`${id}-notice`} className="mb-1 block font-medium text-gray-900">Notice (what customers should do)</label>
      <textarea
        id={`${id}-notice`}
        className={`${inputClass} min-h-24`}
        value={notice}
        maxLength={1000}
        onChange={(e) => { setNotice(e.target.value); setConfirming(false); }}
        disabled={busy}
        aria-invalid={errors.notice ? true : undefined}
        aria-describedby={errors.notice ? `${id}-notice-error` : undefined}
      />
      <FieldError id={`${id}-notice-error`} error={errors.notice} />
      {!confirming ? (
        <ConsoleButton type="submit" className="mt-3" disabled={customers === 0}>Send notice…</ConsoleButton>
      ) : (
        <div className="mt-3 rounded-md border border-red-700 bg-red-50 p-3">
          <p className="mb-2 text-red-900">Send this notice to {customers} customer{customers === 1 ? '' : 's'} of batch {batchNumber}? It cannot be taken back.</p>
          <div className="flex gap-3">
            <button ref={confirmRef} type="button" disabled={busy} aria-busy={busy || undefined} onClick={() => void send()} className="min-h-11 rounded-lg bg-red-700 px-4 py-2 font-semibold text-white disabled:opacity-60">
              Send to {customers} customer{customers === 1 ? '' : 's'}
            </button>
            <ConsoleButton type="button" variant="secondary" onClick={() => setConfirming(false)} disabled={busy}>Cancel</ConsoleButton>
          </div>
        </div>
      )}
    </form>
  );
}
