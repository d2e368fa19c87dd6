'use client';
import { useRouter } from 'next/navigation';
import { useId, useState, useTransition } from 'react';
import { Alert } from '@/components/ui/alert';
import { useFormSubmit } from '@/components/auth/use-form-submit';
import { consoleApi } from '@/lib/client/console-api';
import { CONSOLE_API } from '@/lib/shared/console-api';
import { formErrorsOf } from '@/lib/client/form-errors';
import { ConsoleButton } from '../button';
import { ConfirmBox, useConfirmStep } from '../confirm-step';

// Resolve (a copy, confirmed) or dismiss (not a copy; lifts its automatic blacklisting) an open
// red flag, with a note saying why. Resolving offers to blacklist the unit's codes (the printed and
// the hidden one), asked again before it is done, so customers who scan them are told.
export function RedFlagClose({ brand, flagId, qrId, alreadyBlacklisted }: { brand: string; flagId: string; qrId: string; alreadyBlacklisted: boolean }) {
  const router = useRouter();
  const [, startTransition] = useTransition();
  const [note, setNote] = useState('');
  const [done, setDone] = useState('');
  const { errors, busy, setBusy, setErrors, formRef, valid, submit, fail } = useFormSubmit();
  const id = useId();
  const [blacklist, setBlacklist] = useState(!alreadyBlacklisted && !!qrId);
  const step = useConfirmStep();
  const confirming = step.asking;
  const working = busy || step.busy;
  const FIELDS = ['note', 'blacklist'];

  async function send(action: 'resolve' | 'dismiss', withBlacklist: boolean) {
    const body = action === 'resolve' ? { note: note.trim(), blacklist: withBlacklist } : { note: note.trim() };
    await consoleApi(action === 'resolve' ? CONSOLE_API.resolveRedFlag : CONSOLE_API.dismissRedFlag, { params: { brand, id: flagId }, body });
    setErrors({});
    setDone(action === 'resolve' ? (withBlacklist ? 'Resolved, and the code is blacklisted: scans of it now answer Fake.' : 'Resolved.') : 'Dismissed.');
    startTransition(() => router.refresh());
  }

  async function close(action: 'resolve' | 'dismiss') {
    setDone('');
    if (!valid({ note: note.trim() ? undefined : 'Write a note saying why.' })) return;
    const withBlacklist = action === 'resolve' && blacklist;
    // Blacklisting is asked again first (the shared confirm step), then sent from its Yes.
    if (withBlacklist) return step.ask();
    await submit(FIELDS, async () => {
      await send(action, false);
      setBusy(false);
    });
  }

  function resolveAndBlacklist() {
    void step.act(() => send('resolve', true), { failed: (err) => fail(formErrorsOf(err, FIELDS)) });
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
      {qrId && !alreadyBlacklisted && (
        <label className="mt-2 flex items-start gap-2 text-sm text-gray-900">
          <input type="checkbox" className="mt-1 h-4 w-4" checked={blacklist} onChange={(e) => { setBlacklist(e.target.checked); step.close(); }} />
          <span>When resolving, also blacklist {qrId} and its hidden code (customers who scan them are told the product is not genuine)</span>
        </label>
      )}
      {!confirming && (
        <div className="mt-2 flex flex-wrap gap-2">
          <ConsoleButton size="sm" id={step.triggerId} busy={working} onClick={() => close('resolve')}>{blacklist && qrId && !alreadyBlacklisted ? 'Resolve and blacklist…' : 'Resolve'}</ConsoleButton>
          <ConsoleButton size="sm" variant="secondary" busy={working} onClick={() => close('dismiss')}>Dismiss</ConsoleButton>
        </div>
      )}
      <ConfirmBox
        step={step}
        size="sm"
        className="mt-2"
        question={`Blacklist ${qrId} and its hidden code? Every scan of them will answer Fake. Undo it from the code's page if this was a mistake.`}
        yes="Yes, resolve and blacklist"
        onYes={resolveAndBlacklist}
      />
    </form>
  );
}
