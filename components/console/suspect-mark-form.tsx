'use client';
import { useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { Field } from '@/components/ui/field';
import { Alert } from '@/components/ui/alert';
import { consoleApi } from '@/lib/client/console-api';
import { CONSOLE_API } from '@/lib/shared/console-api';
import { consoleErrorsOf, type ConsoleFormErrors } from './field-errors';
import { ConsoleButton } from './button';
import { ConfirmBox, useConfirmStep } from './confirm-step';

// The brand's own decision on a unit (owner, manager, support: those who act on red flags):
// mark it suspect with a reason, or clear the mark with one. Like the other protective actions,
// it asks for a confirmation first (what the shoppers and the red flag will see); the console API
// audits the change and the page reloads its data (the timeline shows the mark and its clearing).

const FIELDS = ['reason'] as const;

export function SuspectMarkForm({ brand, qrId, marked }: { brand: string; qrId: string; marked: boolean }) {
  const router = useRouter();
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<ConsoleFormErrors>({});
  const [done, setDone] = useState('');
  const step = useConfirmStep();
  const { busy, asking: confirming } = step;

  function ask(e: FormEvent) {
    e.preventDefault();
    setDone('');
    if (!reason.trim()) {
      setErrors({ reason: 'Reason is required: say why.' });
      document.getElementById('suspect-reason')?.focus();
      return;
    }
    setErrors({});
    step.ask();
  }

  function act() {
    setErrors({});
    void step.act(
      async () => {
        const answer = await consoleApi(marked ? CONSOLE_API.clearSuspect : CONSOLE_API.markSuspect, { params: { brand, qrId }, body: { reason } });
        const flag = answer.redFlag ? ` Red flag ${answer.redFlag.id}: ${answer.redFlag.status}.` : '';
        setDone(answer.marked ? `Marked suspect: other people's checks of this unit now answer suspect.${flag}` : `Mark cleared: the unit is judged by its checks alone again.${flag}`);
        setReason('');
        router.refresh();
      },
      { failed: (err) => setErrors(consoleErrorsOf(err, FIELDS)) },
    );
  }

  return (
    <section aria-labelledby="suspect-title" className="space-y-2 rounded-lg border border-gray-300 bg-white p-4">
      <h2 id="suspect-title" className="text-lg font-semibold text-gray-900">
        {marked ? 'Marked suspect by the brand' : 'Mark this unit suspect'}
      </h2>
      <p className="text-sm text-gray-800">
        {marked
          ? 'Everyone who checks this unit is told it is likely copied, except the customer who registered it with its hidden code. Clear the mark when the evidence no longer holds.'
          : 'Your own finding, for example copies found in a market: everyone who checks this unit is then told it is likely copied (not the customer who registered it with its hidden code), and its red flag is opened.'}
      </p>
      {errors.form && <Alert>{errors.form}</Alert>}
      <form onSubmit={ask} noValidate>
        <Field
          id="suspect-reason"
          label={marked ? 'Why clear the mark' : 'Why mark it suspect'}
          name="reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={errors.reason}
          hint="Kept on the code's timeline and in the audit log; shoppers never see it"
          maxLength={500}
          required
          disabled={busy || confirming}
        />
        {!confirming && (
          <ConsoleButton id={step.triggerId} type="submit" variant={marked ? 'secondary' : 'danger'} busy={busy}>
            {marked ? 'Clear the mark…' : 'Mark suspect…'}
          </ConsoleButton>
        )}
      </form>
      <ConfirmBox
        step={step}
        question={
          marked
            ? `Clear the mark on ${qrId}? Checks of this unit will be judged by their evidence alone; a red flag opened only by the mark is dismissed.`
            : `Mark ${qrId} suspect? Other people's checks of this unit will answer suspect, its red flag opens (its rewards wait; with automatic blacklisting its codes answer Fake).`
        }
        yes={marked ? 'Yes, clear the mark' : 'Yes, mark it suspect'}
        onYes={act}
      />
      <p role="status" className="text-sm text-gray-900">
        {done}
      </p>
    </section>
  );
}
