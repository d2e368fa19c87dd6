'use client';
import { useRouter } from 'next/navigation';
import { useId, useState, useTransition } from 'react';
import { Alert } from '@/components/ui/alert';
import { useFormSubmit } from '@/components/auth/use-form-submit';
import { consoleFetch } from '@/lib/client/console-fetch';
import { ConsoleButton } from './console-button';

// Resolve (a copy, confirmed) or dismiss (not a copy; lifts its automatic blacklisting) an open
// red flag, with a note saying why.
export function RedFlagClose({ brand, flagId }: { brand: string; flagId: string }) {
  const router = useRouter();
  const [, startTransition] = useTransition();
  const [note, setNote] = useState('');
  const [done, setDone] = useState('');
  const { errors, busy, setBusy, setErrors, formRef, valid, submit } = useFormSubmit();
  const id = useId();

  async function close(action: 'resolve' | 'dismiss') {
    setDone('');
    if (!valid({ note: note.trim() ? undefined : 'Write a note saying why.' })) return;
    await submit(['note'], async () => {
      await consoleFetch(`/console/brands/${encodeURIComponent(brand)}/red-flags/${encodeURIComponent(flagId)}/${action}`, { method: 'POST', body: { note: note.trim() } });
      setErrors({});
      setBusy(false);
      setDone(action === 'resolve' ? 'Resolved.' : 'Dismissed.');
      startTransition(() => router.refresh());
    });
  }

  const error = errors.note ?? errors.form;
  return (
    <form ref={formRef} noValidate aria-label={`Close red flag ${flagId}`} onSubmit={(e) => e.preventDefault()} className="mt-2">
      {done && <Alert kind="success">{done}</Alert>}
      <label htmlFor={`${id}-note`} className="mb-1 block text-sm font-medium text-gray-900">Note</label>
      <textarea
        id={`${id}-note`}
        className="block min-h-16 w-full rounded-md border border-gray-500 bg-white px-2 py-1.5 text-sm text-gray-900"
        maxLength={2000}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        aria-invalid={errors.note ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">{error}</p>}
      <div className="mt-2 flex flex-wrap gap-2">
        <ConsoleButton type="button" busy={busy} onClick={() => close('resolve')}>Resolve</ConsoleButton>
        <ConsoleButton type="button" variant="secondary" busy={busy} onClick={() => close('dismiss')}>Dismiss</ConsoleButton>
      </div>
    </form>
  );
}
