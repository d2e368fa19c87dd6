'use client';
import { useId, useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { Alert } from '@/components/ui/alert';
import { consoleApi } from '@/lib/client/console-api';
import { CONSOLE_API } from '@/lib/shared/console-api';
import { errorMessageOf } from '@/lib/shared/fetch-rules';
import { DISPUTE_REASON_MAX } from '@/lib/domain/disputes';
import type { ConsoleDisputeDetail } from '@/lib/schemas/disputes';
import { ConsoleButton } from './button';

// The two decisions on an open dispute (claims area writers: owner, support), each confirmed
// before it is sent: move the claim to the disputing customer (with what moves and what stays in
// words), or reject it with a reason the customer reads. The API audits both; the page reloads.

type Choice = 'move' | 'reject' | null;

export function DisputeActions({ brand, disputeId, moves }: { brand: string; disputeId: string; moves: ConsoleDisputeDetail['moves'] }) {
  const router = useRouter();
  const id = useId();
  const [choice, setChoice] = useState<Choice>(null);
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<{ text: string; field?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const confirmRef = useRef<HTMLDivElement>(null);

  const choose = (c: Choice) => {
    setChoice(c);
    setError(null);
    setTimeout(() => confirmRef.current?.focus(), 0);
  };

  async function decide() {
    if (choice === 'reject' && !reason.trim()) {
      setError({ text: 'Give the reason the customer will read.', field: 'reason' });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await consoleApi(choice === 'reject' ? CONSOLE_API.rejectDispute : CONSOLE_API.moveDisputedClaim, { params: { brand, disputeId }, body: choice === 'reject' ? { reason: reason.trim() } : note.trim() ? { note: note.trim() } : {} });
      router.refresh();
    } catch (err) {
      const field = (err as { body?: { field?: string } }).body?.field;
      setError({ text: errorMessageOf(undefined, err), field });
      setBusy(false);
    }
  }

  const carries = [
    'the claim',
    ...(moves.warranty ? ['its warranty registration'] : []),
    ...(moves.unpaidRewards ? [`${moves.unpaidRewards} unpaid ${moves.unpaidRewards === 1 ? 'reward' : 'rewards'}`] : []),
  ].join(', ');

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-lg border border-gray-300 bg-white p-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-gray-900">Decide</h2>
      {error && !error.field && <Alert>{error.text}</Alert>}
      {choice === null && (
        <div className="flex flex-wrap gap-3">
          <ConsoleButton onClick={() => choose('move')}>Move the claim to this customer…</ConsoleButton>
          <ConsoleButton variant="danger-outline" onClick={() => choose('reject')}>Reject the dispute…</ConsoleButton>
        </div>
      )}
      {choice === 'move' && (
        <div ref={confirmRef} tabIndex={-1} role="alertdialog" aria-labelledby={`${id}-move-text`} className="space-y-2 rounded-md border-2 border-blue-800 p-3">
          <p id={`${id}-move-text`} className="text-gray-900">
            Move {carries} to the disputing customer? The unit leaves the first claimant&apos;s products.
            {moves.paidRewards > 0 && ` ${moves.paidRewards} paid ${moves.paidRewards === 1 ? 'reward stays' : 'rewards stay'} with the first claimant.`}
          </p>
          <label htmlFor={`${id}-note`} className="block font-medium text-gray-900">Note for the audit log (optional)</label>
          <textarea id={`${id}-note`} value={note} maxLength={DISPUTE_REASON_MAX} onChange={(e) => setNote(e.target.value)} className="block min-h-20 w-full rounded-md border border-gray-500 px-3 py-2" aria-invalid={error?.field === 'note' || undefined} aria-describedby={error?.field === 'note' ? `${id}-error` : undefined} />
          {error?.field === 'note' && <p id={`${id}-error`} className="text-sm font-medium text-red-700">{error.text}</p>}
          <div className="flex flex-wrap gap-3">
            <ConsoleButton busy={busy} onClick={() => void decide()}>{busy ? 'Moving…' : 'Yes, move the claim'}</ConsoleButton>
            <ConsoleButton variant="secondary" disabled={busy} onClick={() => choose(null)}>Cancel</ConsoleButton>
          </div>
        </div>
      )}
      {choice === 'reject' && (
        <div ref={confirmRef} tabIndex={-1} role="alertdialog" aria-labelledby={`${id}-reject-text`} className="space-y-2 rounded-md border-2 border-red-700 p-3">
          <p id={`${id}-reject-text`} className="text-gray-900">Reject the dispute? The claim stays where it is; the customer reads your reason.</p>
          <label htmlFor={`${id}-reason`} className="block font-medium text-gray-900">Reason (shown to the customer)</label>
          <textarea id={`${id}-reason`} value={reason} required maxLength={DISPUTE_REASON_MAX} onChange={(e) => setReason(e.target.value)} className="block min-h-20 w-full rounded-md border border-gray-500 px-3 py-2" aria-invalid={error?.field === 'reason' || undefined} aria-describedby={error?.field === 'reason' ? `${id}-error` : undefined} />
          {error?.field === 'reason' && <p id={`${id}-error`} className="text-sm font-medium text-red-700">{error.text}</p>}
          <div className="flex flex-wrap gap-3">
            <ConsoleButton variant="danger" busy={busy} onClick={() => void decide()}>{busy ? 'Rejecting…' : 'Yes, reject'}</ConsoleButton>
            <ConsoleButton variant="secondary" disabled={busy} onClick={() => choose(null)}>Cancel</ConsoleButton>
          </div>
        </div>
      )}
    </section>
  );
}
