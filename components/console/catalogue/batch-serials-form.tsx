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

// Every unit of a batch its GS1 serial at once (owner, manager; docs/gs1.md): numbered in the
// printed order (the CSV's and the PDF's) from a first number, with a prefix and a number of
// digits, or back to each code's qrId. The first and last serial are shown as they are typed;
// asked again before it is done; a refused value is said beside its field, which takes the
// keyboard. One audit entry (batch.serials) with the serials before and after.

type Scheme = 'numbered' | 'qrId';
type Field = 'prefix' | 'start' | 'width';
const FIELDS: readonly string[] = ['scheme', 'prefix', 'start', 'width', 'confirm'];

/** The serial of the n-th unit, as the server will make it (a preview only: the server checks). */
function serialAt(prefix: string, start: string, width: string, n: number): string | undefined {
  if (!/^\d{1,12}$/.test(start) || !/^\d{1,2}$/.test(width)) return undefined;
  return prefix + String(Number(start) + n).padStart(Number(width), '0');
}

export function BatchSerialsForm({ brand, batchId, batchNumber, units }: { brand: string; batchId: string; batchNumber: string; units: number }) {
  const router = useRouter();
  const id = useId();
  const [scheme, setScheme] = useState<Scheme>('numbered');
  const [values, setValues] = useState<Record<Field, string>>({ prefix: '', start: '1', width: String(Math.max(String(units).length, 6)) });
  const [errors, setErrors] = useState<FormErrors>({});
  const step = useConfirmStep();
  const busy = step.busy;
  const focusLater = useFocusAfterRender();
  const [done, setDone] = useState('');
  const first = serialAt(values.prefix.trim(), values.start.trim(), values.width.trim(), 0);
  const last = serialAt(values.prefix.trim(), values.start.trim(), values.width.trim(), units - 1);
  const what =
    scheme === 'numbered'
      ? `Give the ${units.toLocaleString('en-IN')} units of batch ${batchNumber} the serials ${first ?? '…'} to ${last ?? '…'}, in the printed order?`
      : `Make each of the ${units.toLocaleString('en-IN')} units of batch ${batchNumber} have its code's qrId as its serial again?`;

  const set = (name: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [name]: e.target.value }));
    step.close();
  };

  function ask(e: FormEvent) {
    e.preventDefault();
    setDone('');
    setErrors({});
    step.ask();
  }

  function run() {
    void step.act(
      async () => {
        const body =
          scheme === 'numbered'
            ? { scheme, prefix: values.prefix.trim(), start: values.start.trim() === '' ? Number.NaN : Number(values.start), width: values.width.trim() === '' ? Number.NaN : Number(values.width), confirm: true as const }
            : { scheme, confirm: true as const };
        const r = await consoleApi(CONSOLE_API.batchSerials, { params: { brand, batchId }, body });
        setDone(`${r.units.toLocaleString('en-IN')} serials set: ${r.first} to ${r.last}. Print the codes again for their GS1 links to carry them.`);
        router.refresh();
      },
      {
        failed: (err) => {
          const found = formErrorsOf(err, [...FIELDS]);
          setErrors(found);
          const field = (['prefix', 'start', 'width'] as const).find((f) => found[f]);
          focusLater(() => document.getElementById(field ? `${id}-${field}` : `${id}-status`));
        },
      },
    );
  }

  const input = (name: Field, label: string, hint: string, numeric: boolean) => (
    <div className="mb-3">
      <label htmlFor={`${id}-${name}`} className="mb-1 block font-medium text-gray-900">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        className={`${inputClass} font-mono`}
        value={values[name]}
        onChange={set(name)}
        disabled={busy}
        inputMode={numeric ? 'numeric' : undefined}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={[`${id}-${name}-hint`, errors[name] ? `${id}-${name}-error` : ''].filter(Boolean).join(' ')}
      />
      <p id={`${id}-${name}-hint`} className="mt-1 text-sm text-gray-700">
        {hint}
      </p>
      <FieldError id={`${id}-${name}-error`} error={errors[name]} />
    </div>
  );

  return (
    <form onSubmit={ask} noValidate className="max-w-xl" aria-label={`GS1 serials of batch ${batchNumber}`}>
      <div id={`${id}-status`} tabIndex={-1}>
        {(errors.form || errors.scheme || errors.confirm) && <Alert>{errors.form ?? errors.scheme ?? errors.confirm}</Alert>}
        {done && <Alert kind="success">{done}</Alert>}
      </div>
      <fieldset className="mb-3">
        <legend className="mb-1 font-medium text-gray-900">Serials</legend>
        {(
          [
            ['numbered', 'Numbered, in the printed order'],
            ['qrId', "Each code's qrId (as when none is set)"],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex min-h-11 items-center gap-3 text-gray-900">
            <input
              type="radio"
              name={`${id}-scheme`}
              className="h-5 w-5"
              value={value}
              checked={scheme === value}
              disabled={busy}
              onChange={() => {
                setScheme(value);
                step.close();
              }}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {scheme === 'numbered' && (
        <>
          <div className="grid gap-x-4 sm:grid-cols-3">
            {input('prefix', 'Prefix', "Optional: letters, digits or GS1's punctuation", false)}
            {input('start', 'First number', 'The first unit gets it', true)}
            {input('width', 'Digits', 'Padded with zeros', true)}
          </div>
          <p className="mb-3 text-gray-800" aria-live="polite">
            {first && last ? `First: ${first}, last: ${last} (${units.toLocaleString('en-IN')} units).` : 'Give a first number and the digits to see the serials.'}
          </p>
        </>
      )}
      <p className="mb-3 text-sm text-gray-700">Set serials before printing: a GS1 link already printed with an old serial then answers Fake.</p>
      {!step.asking && (
        <ConsoleButton id={step.triggerId} type="submit" busy={busy}>
          Set serials…
        </ConsoleButton>
      )}
      <ConfirmBox step={step} tone="primary" question={what} yes="Yes, set the serials" onYes={run} />
    </form>
  );
}
