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

// An existing batch's markets (owner, manager): the countries it is sold in, for the off-market
// risk rule. The same use case as `npm run brand -- set-batch-markets`, audited as batch.markets.

export function BatchMarketsForm({ brand, batchId, markets: initial }: { brand: string; batchId: string; markets: string[] }) {
  const router = useRouter();
  const id = useId();
  const [markets, setMarkets] = useState(initial.join(', '));
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
      const list = markets
        .split(/[\s,]+/)
        .map((m) => m.trim().toUpperCase())
        .filter(Boolean);
      const batch = await consoleApi(CONSOLE_API.updateBatch, { params: { brand, batchId }, body: { markets: list } });
      setMarkets(batch.markets.join(', '));
      setDone(batch.markets.length ? `Markets saved: ${batch.markets.join(', ')}.` : 'Markets saved: sold anywhere.');
      router.refresh();
    } catch (err) {
      setErrors(formErrorsOf(err, ['markets']));
      focusLater(() => document.getElementById(`${id}-markets`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="max-w-xl">
      {errors.form && <Alert>{errors.form}</Alert>}
      {done && <Alert kind="success">{done}</Alert>}
      <div className="mb-4">
        <label htmlFor={`${id}-markets`} className="mb-1 block font-medium text-gray-900">
          Markets of this batch
        </label>
        <input
          id={`${id}-markets`}
          className={inputClass}
          value={markets}
          onChange={(e) => setMarkets(e.target.value)}
          placeholder="IN, NP"
          disabled={busy}
          aria-invalid={errors.markets ? true : undefined}
          aria-describedby={[`${id}-markets-hint`, errors.markets ? `${id}-markets-error` : ''].filter(Boolean).join(' ')}
        />
        <p id={`${id}-markets-hint`} className="mt-1 text-sm text-gray-700">
          Two-letter country codes, separated by commas; empty: sold anywhere. Scans elsewhere are marked by the off-market rule.
        </p>
        <FieldError id={`${id}-markets-error`} error={errors.markets} />
      </div>
      <ConsoleButton type="submit" busy={busy}>
        Save markets
      </ConsoleButton>
    </form>
  );
}
