'use client';
import { useId, useState, type FormEvent } from 'react';
import { consoleApi } from '@/lib/client/console-api';
import { CONSOLE_API } from '@/lib/shared/console-api';
import { formErrorsOf, type FormErrors } from '@/lib/client/form-errors';
import { Alert } from '@/components/ui/alert';
import { ConsoleButton } from '../button';
import { FieldError, inputClass } from '../ui';
import { useFocusAfterRender } from '@/components/ui/use-form-focus';
import { ConfirmBox, useConfirmStep } from '../confirm-step';

// A recall or safety notice to every customer who claimed or registered a unit of the batch
// (owner, manager; docs/messages.md): asked again with the count before it is sent, then the count
// reached and the messages queued per channel. Audited (messages.recall).

export function RecallForm({ brand, batchId, batchNumber, customers }: { brand: string; batchId: string; batchNumber: string; customers: number }) {
  const id = useId();
  const [notice, setNotice] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [done, setDone] = useState('');
  const step = useConfirmStep();
  const busy = step.busy;
  const focusLater = useFocusAfterRender();

  function ask(e: FormEvent) {
    e.preventDefault();
    setDone('');
    setErrors({});
    step.ask();
  }

  function send() {
    void step.act(
      async () => {
        const r = await consoleApi(CONSOLE_API.recall, {
          params: { brand, batchId },
          body: { notice: notice.trim(), confirm: true },
        });
        setDone(`Sent to ${r.customers} customer${r.customers === 1 ? '' : 's'}: ${r.queued.email} e-mail, ${r.queued.sms} SMS and ${r.queued.whatsapp} WhatsApp messages queued, and in each customer's messages in the app.`);
        setNotice('');
      },
      {
        failed: (err) => {
          const found = formErrorsOf(err, ['notice']);
          setErrors(found);
          focusLater(() => (found.notice ? document.getElementById(`${id}-notice`) : step.triggerElement()));
        },
      },
    );
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
        onChange={(e) => { setNotice(e.target.value); step.close(); }}
        disabled={busy}
        aria-invalid={errors.notice ? true : undefined}
        aria-describedby={errors.notice ? `${id}-notice-error` : undefined}
      />
      <FieldError id={`${id}-notice-error`} error={errors.notice} />
      {!step.asking && (
        <ConsoleButton id={step.triggerId} type="submit" className="mt-3" disabled={customers === 0}>Send notice…</ConsoleButton>
      )}
      <ConfirmBox
        step={step}
        className="mt-3"
        question={`Send this notice to ${customers} customer${customers === 1 ? '' : 's'} of batch ${batchNumber}? It cannot be taken back.`}
        yes={`Send to ${customers} customer${customers === 1 ? '' : 's'}`}
        onYes={send}
      />
    </form>
  );
}
