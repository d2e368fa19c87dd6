'use client';
import { useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { Alert } from '@/components/ui/alert';
import { consoleApi } from '@/lib/client/console-api';
import { CONSOLE_API } from '@/lib/shared/console-api';
import type { JourneyStepDef } from '@/lib/schemas/journeys';
import type { JourneySummary, RewardSummary } from '@/lib/schemas/console-money';
import { consoleErrorsOf, type ConsoleFormErrors } from './field-errors';
import { ConsoleButton } from './button';

// A product's scan journey (console area 'rewards'): the steps a customer walks after a
// post-sale scan (information, a question, an input, a reward), in order. Saving replaces the
// journey; progress on the old steps restarts, rewards already granted stay.

type Draft = { type: JourneyStepDef['type']; title: string; body: string; question: string; options: string; label: string; placeholder: string; maxLength: string; rewardId: string };

function toDraft(s: JourneyStepDef): Draft {
  const d: Draft = { type: s.type, title: s.title, body: '', question: '', options: '', label: '', placeholder: '', maxLength: '100', rewardId: '' };
  if (s.type === 'INFO') d.body = s.config.body;
  if (s.type === 'DECISION') Object.assign(d, { question: s.config.question, options: s.config.options.join('\n') });
  if (s.type === 'INPUT') Object.assign(d, { label: s.config.label, placeholder: s.config.placeholder, maxLength: String(s.config.maxLength) });
  if (s.type === 'REWARD') d.rewardId = s.config.rewardId;
  return d;
}

function toStep(d: Draft) {
  switch (d.type) {
    case 'INFO':
      return { type: d.type, title: d.title, config: { body: d.body } };
    case 'DECISION':
      return { type: d.type, title: d.title, config: { question: d.question, options: d.options.split('\n').map((o) => o.trim()).filter(Boolean) } };
    case 'INPUT':
      return { type: d.type, title: d.title, config: { label: d.label, placeholder: d.placeholder, maxLength: Number(d.maxLength) } };
    case 'REWARD':
      return { type: d.type, title: d.title, config: { rewardId: d.rewardId } };
  }
}

const TYPE_LABELS: Record<Draft['type'], string> = { INFO: 'Information', DECISION: 'Question with choices', INPUT: 'Answer to type', REWARD: 'Reward' };
const input = 'block min-h-11 w-full rounded-md border border-gray-500 bg-white px-3 py-2 text-gray-900';

export function JourneyEditor({ brand, journey, rewards, canWrite }: { brand: string; journey: JourneySummary; rewards: Pick<RewardSummary, 'rewardId' | 'name'>[]; canWrite: boolean }) {
  const router = useRouter();
  const [steps, setSteps] = useState<Draft[]>(journey.steps.map(toDraft));
  const [errors, setErrors] = useState<ConsoleFormErrors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');
  const base = `journey-${journey.productId}`;

  const update = (i: number, patch: Partial<Draft>) => setSteps((s) => s.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  const move = (i: number, by: number) =>
    setSteps((s) => {
      const next = [...s];
      const [item] = next.splice(i, 1);
      next.splice(i + by, 0, item!);
      return next;
    });

  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setDone('');
    try {
      await consoleApi(CONSOLE_API.saveJourney, { params: { brand, productId: journey.productId }, body: { steps: steps.map(toStep) } });
      setDone('Journey saved.');
      router.refresh();
    } catch (err) {
      setErrors(consoleErrorsOf(err, ['steps', 'config.steps']));
    } finally {
      setBusy(false);
    }
  }

  const stepsError = errors.steps ?? errors['config.steps'];
  return (
    <form onSubmit={save} noValidate aria-labelledby={`${base}-title`} className="mb-4 rounded-lg border border-gray-300 bg-white p-4">
      <h3 id={`${base}-title`} className="mb-2 font-semibold text-gray-900">{journey.productName}</h3>
      {errors.form && <Alert>{errors.form}</Alert>}
      {stepsError && <Alert>{stepsError}</Alert>}
      {done && <Alert kind="success">{done}</Alert>}
      {steps.length === 0 && <p className="mb-3 text-gray-800">No journey: customers see the verdict only.</p>}
      <ol className="space-y-3">
        {steps.map((s, i) => {
          const id = `${base}-${i}`;
          return (
            <li key={i} className="rounded-md border border-gray-300 p-3">
              <fieldset disabled={!canWrite || busy}>
                <legend className="font-medium text-gray-900">Step {i + 1}</legend>
                <div className="grid gap-3 sm:grid-cols-2">
                  <div>
                    <label htmlFor={`${id}-type`} className="mb-1 block text-gray-900">Kind</label>
                    <select id={`${id}-type`} className={input} value={s.type} onChange={(e) => update(i, { type: e.target.value as Draft['type'] })}>
                      {(Object.keys(TYPE_LABELS) as Draft['type'][]).map((t) => (
                        <option key={t} value={t}>{TYPE_LABELS[t]}</option>
                      ))}
                    </select>
                  </div>
                  <div>
                    <label htmlFor={`${id}-title`} className="mb-1 block text-gray-900">Title</label>
                    <input id={`${id}-title`} className={input} value={s.title} maxLength={120} onChange={(e) => update(i, { title: e.target.value })} />
                  </div>
                  {s.type === 'INFO' && (
                    <div className="sm:col-span-2">
                      <label htmlFor={`${id}-body`} className="mb-1 block text-gray-900">Text</label>
                      <textarea id={`${id}-body`} className={input} rows={2} maxLength={2000} value={s.body} onChange={(e) => update(i, { body: e.target.value })} />
                    </div>
                  )}
                  {s.type === 'DECISION' && (
                    <>
                      <div>
                        <label htmlFor={`${id}-question`} className="mb-1 block text-gray-900">Question</label>
                        <input id={`${id}-question`} className={input} maxLength={300} value={s.question} onChange={(e) => update(i, { question: e.target.value })} />
                      </div>
                      <div>
                        <label htmlFor={`${id}-options`} className="mb-1 block text-gray-900">Choices (one a line, 2 to 6)</label>
                        <textarea id={`${id}-options`} className={input} rows={3} value={s.options} onChange={(e) => update(i, { options: e.target.value })} />
                      </div>
                    </>
                  )}
                  {s.type === 'INPUT' && (
                    <>
                      <div>
                        <label htmlFor={`${id}-label`} className="mb-1 block text-gray-900">Field label</label>
                        <input id={`${id}-label`} className={input} maxLength={120} value={s.label} onChange={(e) => update(i, { label: e.target.value })} />
                      </div>
                      <div>
                        <label htmlFor={`${id}-max`} className="mb-1 block text-gray-900">Longest answer (characters)</label>
                        <input id={`${id}-max`} className={input} inputMode="numeric" value={s.maxLength} onChange={(e) => update(i, { maxLength: e.target.value })} />
                      </div>
                    </>
                  )}
                  {s.type === 'REWARD' && (
                    <div>
                      <label htmlFor={`${id}-reward`} className="mb-1 block text-gray-900">Reward</label>
                      <select id={`${id}-reward`} className={input} value={s.rewardId} onChange={(e) => update(i, { rewardId: e.target.value })}>
                        <option value="">Choose a reward</option>
                        {rewards.map((r) => (
                          <option key={r.rewardId} value={r.rewardId}>{r.name}</option>
                        ))}
                      </select>
                    </div>
                  )}
                </div>
                {canWrite && (
                  <div className="mt-2 flex flex-wrap gap-2">
                    <ConsoleButton size="sm" variant="secondary" disabled={i === 0} onClick={() => move(i, -1)} aria-label={`Move step ${i + 1} up`}>Up</ConsoleButton>
                    <ConsoleButton size="sm" variant="secondary" disabled={i === steps.length - 1} onClick={() => move(i, 1)} aria-label={`Move step ${i + 1} down`}>Down</ConsoleButton>
                    <ConsoleButton size="sm" variant="danger-outline" onClick={() => setSteps((x) => x.filter((_, j) => j !== i))} aria-label={`Remove step ${i + 1}`}>Remove</ConsoleButton>
                  </div>
                )}
              </fieldset>
            </li>
          );
        })}
      </ol>
      {canWrite && (
        <div className="mt-3 flex flex-wrap gap-3">
          <ConsoleButton
            variant="secondary"
            disabled={busy || steps.length >= 12}
            onClick={() => setSteps((s) => [...s, { type: 'INFO', title: '', body: '', question: '', options: '', label: '', placeholder: '', maxLength: '100', rewardId: '' }])}
          >
            Add a step
          </ConsoleButton>
          <ConsoleButton type="submit" disabled={steps.length === 0} busy={busy}>
            {busy ? 'Saving…' : 'Save journey'}
          </ConsoleButton>
        </div>
      )}
    </form>
  );
}
