'use client';
import { useId, useState } from 'react';
import { useRouter } from 'next/navigation';
import { consoleApi } from '@/lib/client/console-api';
import { CONSOLE_API } from '@/lib/shared/console-api';
import { DISPUTE_REASON_MAX } from '@/lib/domain/disputes';
import type { ConsoleDisputeDetail } from '@/lib/schemas/disputes';
import { ConsoleButton } from './button';
import { ConfirmBox, useConfirmStep } from './confirm-step';

// The two decisions on an open dispute (claims area writers: owner, support), each on the
// console's confirm step, whose question says what happens to the customers and the unit's code:
// move the claim to the disputing customer (what moves and what stays), with an optional note for
// the audit log; or reject it with a reason the customer reads (asked with the focus on the
// reason). Cancel sends nothing and gives focus back to the decision's button. The API audits
// both; the page reloads.

export type DisputeParties = {
  /** The disputing customer's name. */
  disputer: string;
  /** Who holds the claim now (null: nobody). */
  holder: string | null;
  /** The unit's visible code (null: not known). */
  unit: string | null;
};

/**
 * `titleId`: the page's heading, focused once a decision is sent (this section goes with the
 * refresh that shows the decision, and focus with it otherwise).
 */
export function DisputeActions({ brand, disputeId, moves, parties, titleId }: { brand: string; disputeId: string; moves: ConsoleDisputeDetail['moves']; parties: DisputeParties; titleId?: string }) {
  const router = useRouter();
  const id = useId();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const [note, setNote] = useState('');
  const reasonId = `${id}-reason`;
  const move = useConfirmStep();
  const reject = useConfirmStep({ focus: () => document.getElementById(reasonId) });
  const asking = move.asking || reject.asking;
  const decided = titleId ? { then: () => document.getElementById(titleId) } : undefined;

  function decideMove() {
    void move.act(async () => {
      await consoleApi(CONSOLE_API.moveDisputedClaim, { params: { brand, disputeId }, body: note.trim() ? { note: note.trim() } : {} });
      router.refresh();
    }, decided);
  }

  function decideReject() {
    if (!reason.trim()) {
      setReasonError('Give the reason the customer will read.');
      document.getElementById(reasonId)?.focus();
      return;
    }
    setReasonError('');
    void reject.act(async () => {
      await consoleApi(CONSOLE_API.rejectDispute, { params: { brand, disputeId }, body: { reason: reason.trim() } });
      router.refresh();
    }, decided);
  }

  const { holder, unit } = parties;
  // A customer who gave no name is still named in the question.
  const disputer = parties.disputer.trim() || 'the disputing customer';
  const Disputer = disputer.charAt(0).toUpperCase() + disputer.slice(1);
  const theUnit = unit ? `The unit ${unit}` : 'The unit';
  const carries = [
    'the claim',
    ...(moves.warranty ? ['its warranty registration'] : []),
    ...(moves.unpaidRewards ? [`${moves.unpaidRewards} unpaid ${moves.unpaidRewards === 1 ? 'reward' : 'rewards'}`] : []),
  ].join(', ');
  const moveQuestion =
    `Move ${carries} to the disputing customer? ${theUnit} leaves ${holder ? `${holder}'s` : "the first claimant's"} products and becomes ${disputer}'s: ` +
    `their check of its hidden code then answers Genuine Post Sale.` +
    (moves.paidRewards > 0 ? ` ${moves.paidRewards} paid ${moves.paidRewards === 1 ? 'reward stays' : 'rewards stay'} with the first claimant.` : '');
  const rejectQuestion =
    `Reject the dispute? The claim stays where it is: ${theUnit.charAt(0).toLowerCase()}${theUnit.slice(1)} stays ${holder ? `in ${holder}'s products` : 'unclaimed'}, ` +
    `and ${disputer}'s check of its hidden code still answers Product Claimed. ${Disputer} reads your reason with their products.`;

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-lg border border-gray-300 bg-white p-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-gray-900">Decide</h2>
      {!asking && (
        <div className="flex flex-wrap gap-3">
          <ConsoleButton id={move.triggerId} onClick={move.ask}>Move the claim to this customer…</ConsoleButton>
          <ConsoleButton id={reject.triggerId} variant="danger-outline" onClick={() => { setReasonError(''); reject.ask(); }}>Reject the dispute…</ConsoleButton>
        </div>
      )}
      <ConfirmBox step={move} tone="primary" question={moveQuestion} yes={move.busy ? 'Moving…' : 'Yes, move the claim'} onYes={decideMove}>
        <label htmlFor={`${id}-note`} className="block font-medium text-gray-900">Note for the audit log (optional)</label>
        <textarea id={`${id}-note`} value={note} maxLength={DISPUTE_REASON_MAX} disabled={move.busy} onChange={(e) => setNote(e.target.value)} className="block min-h-20 w-full rounded-md border border-gray-500 px-3 py-2" />
      </ConfirmBox>
      <ConfirmBox step={reject} question={rejectQuestion} yes={reject.busy ? 'Rejecting…' : 'Yes, reject'} onYes={decideReject}>
        <label htmlFor={reasonId} className="block font-medium text-gray-900">Reason (shown to the customer)</label>
        <textarea
          id={reasonId}
          value={reason}
          required
          maxLength={DISPUTE_REASON_MAX}
          disabled={reject.busy}
          onChange={(e) => setReason(e.target.value)}
          className="block min-h-20 w-full rounded-md border border-gray-500 px-3 py-2"
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${reasonId}-error` : undefined}
        />
        {reasonError && <p id={`${reasonId}-error`} className="text-sm font-medium text-red-700">{reasonError}</p>}
      </ConfirmBox>
    </section>
  );
}
