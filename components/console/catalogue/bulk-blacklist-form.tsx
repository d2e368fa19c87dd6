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
import { ConfirmBox, useConfirmStep } from '../confirm-step';

// Blacklist many of a batch's codes at once (owner, manager): the whole batch, or its units from
// one printed code to another; each unit's printed and hidden code together. Asked again before
// it is done; one audit entry (codes.blacklist.bulk).

export function BulkBlacklistForm({ brand, batchId, batchNumber }: { brand: string; batchId: string; batchNumber: string }) {
  const router = useRouter();
  const id = useId();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const step = useConfirmStep();
  const busy = step.busy;
  const focusLater = useFocusAfterRender();
  const [done, setDone] = useState('');
  const what = from.trim() || to.trim() ? `the units of batch ${batchNumber} from ${from.trim() || '…'} to ${to.trim() || '…'}` : `every code of batch ${batchNumber}`;

  function ask(e: FormEvent) {
    e.preventDefault();
    setDone('');
    setErrors({});
    step.ask();
  }

  function run() {
    void step.act(
      async () => {
        const body = { batchId, confirm: true as const, ...(from.trim() ? { from: from.trim() } : {}), ...(to.trim() ? { to: to.trim() } : {}) };
        const r = await consoleApi(CONSOLE_API.blacklistCodes, { params: { brand }, body });
        setDone(`Blacklisted ${r.blacklisted} codes${r.alreadyBlacklisted ? ` (${r.alreadyBlacklisted} were already)` : ''}: their scans now answer Fake.`);
        router.refresh();
      },
      {
        failed: (err) => {
          const found = formErrorsOf(err, ['from', 'to']);
          setErrors(found);
          const field = found.from ? 'from' : found.to ? 'to' : '';
          focusLater(() => (field ? document.getElementById(`${id}-${field}`) : step.triggerElement()));
        },
      },
    );
  }

  const input = (name: 'from' | 'to', label: string, value: string, set: (v: string) => void) => (
    <div className="mb-3">
      <label htmlFor={`${id}-${name}`} className="mb-1 block font-medium text-gray-900">{label}</label>
      <input
        id={`${id}-${name}`}
        className={`${inputClass} font-mono`}
        value={value}
        onChange={(e) => { set(e.target.value); step.close(); }}
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
      {!step.asking && (
        <ConsoleButton id={step.triggerId} type="submit" busy={busy}>
          Blacklist codes…
        </ConsoleButton>
      )}
      <ConfirmBox step={step} question={`Blacklist ${what}, printed and hidden codes together? Every scan of them will answer Fake.`} yes="Yes, blacklist them" onYes={run} />
    </form>
  );
}
