'use client';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { useFocusOnError } from '@/components/ui/use-form-focus';
import type { JourneyStep } from '@/lib/client/queries/journeys';
import { useI18nWithFormats } from '@/components/shell/use-formats';
import { rupeesOf } from '@/components/rewards/amount';

// The form of the journey's current step: INFO (read and continue), DECISION (one choice),
// INPUT (a value), REWARD (collect it).
export function StepForm({
  step,
  position,
  total,
  busy,
  serverError,
  onSubmit,
}: {
  step: JourneyStep;
  position: number;
  total: number;
  busy: boolean;
  /** The server's refusal of this answer (an error whose field is choice or value); attempt changes with each refusal. */
  serverError?: { message: string; attempt: number };
  onSubmit: (body: { choice?: string; value?: string }) => void;
}) {
  const i18n = useI18nWithFormats();
  const { t } = i18n;
  const [choice, setChoice] = useState('');
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  // The server's refusal shows on the answer too, and moves focus to it like a local one.
  const formRef = useFocusOnError(attempt + (serverError?.attempt ?? 0));
  const shown = problem ?? serverError?.message;
  const headingId = useId();
  const fail = (message: string) => {
    setProblem(message);
    setAttempt((n) => n + 1); // focus moves to the field or choice that is wrong
  };

  function submit(ev: FormEvent) {
    ev.preventDefault();
    if (step.type === 'DECISION') {
      if (!choice) return fail(t('products.chooseAnswer'));
      onSubmit({ choice });
    } else if (step.type === 'INPUT') {
      if (!value.trim()) return fail(step.label ? t('products.answerRequired', { label: step.label }) : t('products.thisRequired'));
      onSubmit({ value: value.trim() });
    } else onSubmit({});
    setProblem(undefined);
  }

  const action = t(step.type === 'REWARD' ? 'products.collectReward' : step.type === 'INFO' ? 'products.continue' : 'products.submit');
  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby={headingId} className="rounded-md border border-brand-primary p-3" data-testid="journey-step">
      <p className="text-sm text-gray-700">{t('products.stepOf', { n: position, total })}</p>
      <h3 id={headingId} className="mb-2 text-lg font-semibold text-gray-900">{step.title}</h3>
      {step.type === 'INFO' && <p className="mb-3 whitespace-pre-line text-gray-800">{step.body}</p>}
      {step.type === 'DECISION' && (
        <fieldset className="mb-3" aria-invalid={shown ? true : undefined} aria-describedby={shown ? `${headingId}-problem` : undefined}>
          <legend className="mb-2 font-medium text-gray-900">{step.question}</legend>
          {(step.options ?? []).map((o) => (
            <label key={o} className="mb-1 flex min-h-11 items-center gap-3 rounded-md border border-gray-300 px-3">
              <input type="radio" name="choice" value={o} checked={choice === o} onChange={() => setChoice(o)} />
              {o}
            </label>
          ))}
        </fieldset>
      )}
      {step.type === 'INPUT' && (
        <Field label={step.label ?? t('products.answerLabel')} placeholder={step.placeholder || undefined} maxLength={step.maxLength} value={value} onChange={(e) => setValue(e.target.value)} error={shown} />
      )}
      {step.type === 'REWARD' && step.reward && (
        <p className="mb-3 text-gray-800">
          {step.reward.type === 'Cashback' ? t('products.cashbackToUpi', { amount: rupeesOf(i18n, step.reward) }) : step.reward.name}
          {step.reward.description && <span className="block text-sm">{step.reward.description}</span>}
        </p>
      )}
      {shown && step.type !== 'INPUT' && (
        <p id={`${headingId}-problem`} role="alert" className="mb-2 text-sm font-medium text-red-700">{shown}</p>
      )}
      <Button type="submit" busy={busy}>{action}</Button>
    </form>
  );
}
