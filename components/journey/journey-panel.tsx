'use client';
import Link from 'next/link';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Section } from '@/components/products/section';
import { answerStep, journeyQuery, type JourneyStep } from '@/lib/client/queries/journeys';
import { rewardsQuery } from '@/lib/client/queries/rewards';
import type { RewardGrant } from '@/lib/schemas/rewards';
import { StepForm } from './step-form';
import { errorMessageOf } from '@/lib/shared/fetch-rules';
import { formErrorsOf } from '@/lib/client/form-errors';
import { apiErrorText } from '@/lib/shared/api-error-words';
import type { I18n } from '@/lib/shared/i18n';
import { useI18nWithFormats } from '@/components/shell/use-formats';
import { rupeesOf } from '@/components/rewards/amount';

const link = 'font-medium text-brand-primary underline';

// The scan journey of a claimed unit (GET .../journey): finished steps summarised, the next step
// answered here (POST .../journey/steps/{stepId}), in order, until the reward is earned.
export function JourneyPanel({ unitId, rewardsOn }: { unitId: string; rewardsOn: boolean }) {
  const i18n = useI18nWithFormats();
  const { locale, t } = i18n;
  const queryClient = useQueryClient();
  const { data: journey, error, isPending } = useQuery(journeyQuery(unitId));
  const [grant, setGrant] = useState<RewardGrant | null>(null);
  const [stepError, setStepError] = useState<string>();
  // A refusal that names the step's own answer (its `field`: choice or value) shows on that answer.
  const [answerError, setAnswerError] = useState<{ message: string; attempt: number }>();
  const [busy, setBusy] = useState(false);

  async function submit(step: JourneyStep, body: { choice?: string; value?: string }) {
    setBusy(true);
    setStepError(undefined);
    setAnswerError(undefined);
    try {
      const answer = await answerStep(unitId, step.stepId, body);
      queryClient.setQueryData(journeyQuery(unitId).queryKey, answer.journey);
      if (answer.grant) {
        setGrant(answer.grant);
        void queryClient.invalidateQueries({ queryKey: rewardsQuery().queryKey });
      }
    } catch (err) {
      const { choice, value, form } = formErrorsOf(err, ['choice', 'value'], (e) => apiErrorText(locale, t, e));
      const onAnswer = choice ?? value;
      if (onAnswer) setAnswerError((prev) => ({ message: onAnswer, attempt: (prev?.attempt ?? 0) + 1 }));
      else setStepError(form);
    } finally {
      setBusy(false);
    }
  }

  if (isPending) return <Section title={t('products.journey')}><p className="text-gray-800">{t('products.journeyLoading')}</p></Section>;
  if (error || !journey) return <Section title={t('products.journey')}><Alert>{apiErrorText(locale, t, error) ?? errorMessageOf(undefined, error)}</Alert></Section>;
  const next = journey.steps.find((s) => s.stepId === journey.nextStepId);
  const total = journey.steps.length;
  return (
    <Section title={t('products.journey')} testId="journey">
      <ol className="mb-3 space-y-2" aria-label={t('products.journeySteps')}>
        {journey.steps.map((s, i) => (
          <li key={s.stepId} className="flex gap-2 text-gray-800" aria-current={s.stepId === journey.nextStepId ? 'step' : undefined}>
            <span aria-hidden="true" className={`mt-0.5 inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${s.done ? 'bg-green-700 text-white' : s.stepId === journey.nextStepId ? 'bg-brand-primary text-brand-text' : 'bg-gray-200 text-gray-900'}`}>
              {s.done ? '✓' : i + 1}
            </span>
            <span>
              <span className="font-medium">{s.title}</span>
              <span className="sr-only">
                {' — '}
                {t(s.done ? 'products.stepDone' : s.stepId === journey.nextStepId ? 'products.stepCurrent' : 'products.stepToDo', { n: i + 1, total })}
              </span>
              {s.done && s.answer?.choice && <span className="block text-sm">{t('products.yourAnswer', { answer: s.answer.choice })}</span>}
              {s.done && s.answer?.value && <span className="block text-sm">{t('products.youEntered', { answer: s.answer.value })}</span>}
              {s.done && s.type === 'REWARD' && s.reward && <span className="block text-sm">{t('products.earned', { reward: rewardLine(i18n, s.reward) })}</span>}
            </span>
          </li>
        ))}
      </ol>
      {stepError && <Alert>{stepError}</Alert>}
      {grant && (
        <Alert kind="success">
          <p className="font-semibold" data-testid="earned-reward">
            {grant.type === 'Cashback' ? t('products.earnedCashback', { amount: rupeesOf(i18n, grant) }) : t('products.earnedCoupon', { name: grant.name })}
          </p>
          {rewardsOn && <p className="mt-1"><Link className={link} href="/rewards">{t('products.seeRewards')}</Link></p>}
        </Alert>
      )}
      {next ? (
        <StepForm key={next.stepId} step={next} position={journey.steps.indexOf(next) + 1} total={total} busy={busy} serverError={answerError} onSubmit={(body) => submit(next, body)} />
      ) : (
        <p className="font-medium text-gray-900" data-testid="journey-done">
          {t('products.journeyDone')}{' '}
          {rewardsOn && journey.steps.some((s) => s.type === 'REWARD') && !grant && <Link className={link} href="/rewards">{t('products.seeRewards')}</Link>}
        </p>
      )}
    </Section>
  );
}

function rewardLine(i18n: I18n, r: NonNullable<JourneyStep['reward']>): string {
  return r.type === 'Cashback' && r.amount !== null ? i18n.t('rewards.cashbackOf', { amount: rupeesOf(i18n, r) }) : r.name;
}
