'use client';
import { useCallback, useId, useState, type ReactNode } from 'react';
import { errorMessageOf } from '@/lib/shared/fetch-rules';
import { useFocusAfterRender } from '@/components/ui/use-form-focus';
import { ConsoleButton } from './button';

// The console's one confirm-then-act step: an action that cannot simply be taken back (delete a
// code, mark a unit suspect, blacklist a batch, send a recall, purge scans, a bulk action on
// chosen rows) is asked again in words before it is sent. The step that asks ("Delete code…")
// hides while the question shows; focus moves to the question's Yes button, and back to the
// step's button on Cancel (the button or Escape) or once the action is done. While the call is
// out, Yes is busy (aria-busy) and both buttons are disabled. A failure either stays in the box,
// said as an alert that takes focus, or is handed to the form (`failed`), which puts it on its
// field and moves focus there; the box then closes. A decision that needs a word of its own (a
// reason the customer reads) puts its field in the box (`children`) and asks with the focus there
// (`useConfirmStep({ focus })`).
//
//   const step = useConfirmStep();
//   {!step.asking && <ConsoleButton id={step.triggerId} onClick={step.ask}>Delete code…</ConsoleButton>}
//   <ConfirmBox step={step} question="Delete code X?" yes="Yes, delete this code" onYes={() => void step.act(remove)} />

export type ConfirmStep = {
  asking: boolean;
  busy: boolean;
  /** The failure said in the box (when the form did not take it). */
  error: string;
  /** The id of the button that asks (hidden while asking): focus comes back to it. Elements are
   * found by id when focus moves, so the step holds no refs a render could read. */
  triggerId: string;
  /** That button, when it is shown (for a form's own focus after a failure). */
  triggerElement: () => HTMLElement | null;
  /** The ids of the box's Yes button and of its failure. */
  yesId: string;
  errorId: string;
  /** Shows the question, focus on Yes. */
  ask: () => void;
  /** Closes the question, focus back on the step's button. */
  cancel: () => void;
  /** Closes the question without moving focus (a field it asked about was edited). */
  close: () => void;
  /**
   * Runs the confirmed action, busy while it is out. Done: the question closes and focus goes to
   * `then`'s element (the step's button by default). Failed: with `failed` the question closes and
   * the form shows the error; without, the error is said in the box. Answers whether it was done.
   */
  act: (work: () => Promise<void>, options?: { failed?: (err: unknown) => void; then?: () => HTMLElement | null }) => Promise<boolean>;
};

export type ConfirmStepOptions = {
  /** Where focus goes when the question shows: its Yes button by default, a field in the box that must be filled first. */
  focus?: () => HTMLElement | null;
};

export function useConfirmStep({ focus }: ConfirmStepOptions = {}): ConfirmStep {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const base = useId();
  const [triggerId, yesId, errorId] = [`${base}-ask`, `${base}-yes`, `${base}-error`];
  const focusLater = useFocusAfterRender();
  const triggerElement = useCallback(() => document.getElementById(triggerId), [triggerId]);

  return {
    asking,
    busy,
    error,
    triggerId,
    triggerElement,
    yesId,
    errorId,
    ask() {
      setError('');
      setAsking(true);
      focusLater(focus ?? (() => document.getElementById(yesId)));
    },
    cancel() {
      setError('');
      setAsking(false);
      focusLater(triggerElement);
    },
    close() {
      setError('');
      setAsking(false);
    },
    async act(work, options = {}) {
      setBusy(true);
      setError('');
      try {
        await work();
        setAsking(false);
        focusLater(options.then ?? triggerElement);
        return true;
      } catch (err) {
        if (options.failed) {
          setAsking(false);
          options.failed(err);
        } else {
          setError(errorMessageOf(undefined, err));
          focusLater(() => document.getElementById(errorId));
        }
        return false;
      } finally {
        setBusy(false);
      }
    },
  };
}

/** The question with Yes and Cancel, shown while the step asks. */
export function ConfirmBox({
  step,
  question,
  yes,
  onYes,
  tone = 'danger',
  cancel = 'Cancel',
  size = 'md',
  className = '',
  children,
}: {
  step: ConfirmStep;
  question: ReactNode;
  /** What the decision needs besides Yes (a field), between the question and the buttons. */
  children?: ReactNode;
  yes: ReactNode;
  onYes: () => void;
  /** danger: what cannot be taken back; primary: a change that can be made again. */
  tone?: 'danger' | 'primary';
  cancel?: string;
  size?: 'md' | 'sm';
  className?: string;
}) {
  const id = useId();
  const { asking, busy, error, cancel: cancelStep, yesId, errorId } = step;
  if (!asking) return null;
  return (
    <div
      role="alertdialog"
      aria-labelledby={`${id}-question`}
      className={`space-y-2 rounded-md border-2 p-3 ${tone === 'danger' ? 'border-red-700' : 'border-blue-800'} ${className}`}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || busy) return;
        e.preventDefault();
        e.stopPropagation();
        cancelStep();
      }}
      data-testid="confirm-step"
    >
      <p id={`${id}-question`} className={size === 'sm' ? 'text-sm text-gray-900' : 'text-gray-900'}>
        {question}
      </p>
      {children}
      {error && (
        <p id={errorId} tabIndex={-1} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <ConsoleButton id={yesId} size={size} variant={tone} busy={busy} onClick={onYes}>
          {yes}
        </ConsoleButton>
        <ConsoleButton size={size} variant="secondary" disabled={busy} onClick={cancelStep}>
          {cancel}
        </ConsoleButton>
      </div>
    </div>
  );
}
