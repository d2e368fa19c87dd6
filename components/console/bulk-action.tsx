'use client';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import { errorMessageOf } from '@/lib/shared/fetch-rules';
import { Alert } from '@/components/ui/alert';
import { useFocusAfterRender } from '@/components/ui/use-form-focus';
import { ConsoleButton } from './button';
import { ConfirmBox, useConfirmStep } from './confirm-step';

// The table kit's bulk action: rows chosen by their checkboxes (inputs of this form by their
// `form` attribute, so the table stays rendered on the server), the action's own fields, then
// asked again in words ("Close 3 complaints?") before it is sent; the answer said in a live
// region and the list read again. Keyboard: Tab to the boxes, Space to choose, Enter to apply,
// focus lands on Confirm (Escape or Cancel back to Apply), then on the outcome. The question is
// the console's one confirm step (confirm-step.tsx).

export type BulkRun = (ids: string[]) => Promise<string>;

export function BulkAction({
  formId,
  legend,
  noun,
  apply,
  question,
  run,
  children,
}: {
  formId: string;
  legend: string;
  noun: [one: string, many: string];
  apply: string;
  /** The question asked before it is done, for this many chosen rows. */
  question: (count: number, label: string) => string;
  run: BulkRun;
  children?: ReactNode;
}) {
  const router = useRouter();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const focusLater = useFocusAfterRender();
  const step = useConfirmStep();
  const [chosen, setChosen] = useState<string[]>([]);
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const label = (n: number) => `${n} ${n === 1 ? noun[0] : noun[1]}`;

  function ask(e: FormEvent) {
    e.preventDefault();
    const ids = new FormData(formRef.current!).getAll('ids').map(String);
    if (!ids.length) {
      setOutcome({ kind: 'error', text: `Choose at least one ${noun[0]} in the list first.` });
      focusLater(() => outcomeRef.current);
      return;
    }
    setOutcome(null);
    setChosen(ids);
    step.ask();
  }

  function confirm() {
    void step.act(
      async () => {
        setOutcome({ kind: 'success', text: await run(chosen) });
        router.refresh();
      },
      {
        then: () => outcomeRef.current,
        failed: (err) => {
          setOutcome({ kind: 'error', text: errorMessageOf(undefined, err) });
          focusLater(() => outcomeRef.current);
        },
      },
    );
  }

  return (
    <form id={formId} ref={formRef} onSubmit={ask} noValidate aria-labelledby={`${id}-legend`} className="mb-4 rounded-lg border border-gray-300 bg-white p-3" data-testid="bulk-action">
      <h2 id={`${id}-legend`} className="mb-2 font-semibold text-gray-900">
        {legend}
      </h2>
      <div ref={outcomeRef} tabIndex={-1} aria-live="polite">
        {outcome && <Alert kind={outcome.kind}>{outcome.text}</Alert>}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        {children}
        <ConsoleButton size="sm" id={step.triggerId} type="submit" variant="secondary" disabled={step.busy || step.asking}>
          {apply}
        </ConsoleButton>
      </div>
      <ConfirmBox step={step} size="sm" className="mt-3" question={question(chosen.length, label(chosen.length))} yes="Confirm" onYes={confirm} />
    </form>
  );
}

/** A row's checkbox, in the bulk form by its id (the table is rendered on the server). */
export function ChooseBox({ formId, value, label }: { formId: string; value: string; label: string }) {
  return <input type="checkbox" form={formId} name="ids" value={value} aria-label={label} className="h-5 w-5 accent-blue-800" data-testid="choose-row" />;
}
