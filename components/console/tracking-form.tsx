'use client';
import { useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { Field } from '@/components/ui/field';
import { Alert } from '@/components/ui/alert';
import { consoleApi } from '@/lib/client/console-api';
import { CONSOLE_API } from '@/lib/shared/console-api';
import { consoleErrorsOf, type ConsoleFormErrors } from './field-errors';
import { ConsoleButton } from './button';

// Record a tracking event on a unit, case or pallet code (owner, manager): a stage, a place and
// a time in UTC (now when left empty). The same use case as `npm run brand record-tracking-event`;
// the customer's tracking page shows the event.

const FIELDS = ['stage', 'place', 'at'] as const;

/** A datetime-local value read as UTC ("2025-06-01T10:00" → "2025-06-01T10:00:00Z"); '' stays ''. */
export function utcFromLocalInput(value: string): string {
  if (!value) return '';
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00Z` : /Z$/.test(value) ? value : `${value}Z`;
}

export function TrackingForm({ brand, qrId }: { brand: string; qrId: string }) {
  const router = useRouter();
  const [stage, setStage] = useState('');
  const [place, setPlace] = useState('');
  const [at, setAt] = useState('');
  const [errors, setErrors] = useState<ConsoleFormErrors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setDone('');
    try {
      const when = utcFromLocalInput(at);
      const event = await consoleApi(CONSOLE_API.recordTracking, {
        params: { brand, qrId },
        body: { stage, place, ...(when ? { at: when } : {}) },
      });
      setDone(`Recorded: ${event.stage}, ${event.place} at ${event.at.replace('T', ' ').slice(0, 16)} UTC.`);
      setStage('');
      setPlace('');
      setAt('');
      document.getElementById('tracking-stage')?.focus();
      router.refresh();
    } catch (err) {
      setErrors(consoleErrorsOf(err, FIELDS));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="record-tracking-title" className="space-y-2 rounded-lg border border-gray-300 bg-white p-4">
      <h3 id="record-tracking-title" className="text-base font-semibold text-gray-900">
        Record a tracking event
      </h3>
      {errors.form && <Alert>{errors.form}</Alert>}
      <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-x-4 sm:grid-cols-3">
        <Field id="tracking-stage" label="Stage" name="stage" value={stage} onChange={(e) => setStage(e.target.value)} error={errors.stage} hint="Like Shipped or Delivered" maxLength={80} disabled={busy} />
        <Field label="Place" name="place" value={place} onChange={(e) => setPlace(e.target.value)} error={errors.place} hint="Like Pune DC" maxLength={200} disabled={busy} />
        <Field label="Time (UTC)" name="at" type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} error={errors.at} hint="Now when left empty" disabled={busy} />
        <div className="sm:col-span-3">
          <ConsoleButton type="submit" busy={busy}>
            Record event
          </ConsoleButton>
        </div>
      </form>
      <p role="status" className="text-sm text-gray-900">
        {done}
      </p>
    </section>
  );
}
