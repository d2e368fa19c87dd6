'use client';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { consoleApi } from '@/lib/client/console-api';
import { CONSOLE_API } from '@/lib/shared/console-api';
import { formErrorsOf, type FormErrors } from '@/lib/client/form-errors';
import { MAX_CODES_PER_RUN, type CodeRun } from '@/lib/schemas/console-catalogue';
import { Alert } from '@/components/ui/alert';
import { useFocusOnError } from '@/components/ui/use-form-focus';
import { ConsoleButton } from '../button';
import { FieldError, inputClass } from '../ui';
import { useSetBatchCodes } from './batch-codes';

// Generating a batch's codes: the run goes on in the background on the server; this polls it and
// shows its progress. The page renders the batch's runs, so a reload picks up a run still going.

const POLL_MS = 1000;
const FIELDS = ['count', 'batchLevel', 'caseSize', 'palletSize'];
const active = (r: CodeRun) => r.status === 'queued' || r.status === 'running';

export function RunProgress({ run }: { run: CodeRun }) {
  const percent = run.total ? Math.floor((run.done / run.total) * 100) : 0;
  const label =
    run.status === 'done' ? `Done: ${run.done.toLocaleString('en')} codes written`
    : run.status === 'failed' ? `Failed after ${run.done.toLocaleString('en')} of ${run.total.toLocaleString('en')} codes`
    : run.status === 'queued' ? 'Waiting to start…'
    : `${run.done.toLocaleString('en')} of ${run.total.toLocaleString('en')} codes (${percent}%)`;
  return (
    <div className="mb-3" data-run={run.id} data-status={run.status}>
      <p className="text-sm text-gray-900">
        {run.batchLevel ? `${run.count.toLocaleString('en')} batch-level codes` : `${run.count.toLocaleString('en')} units`}, by {run.actor}, {new Date(run.createdAt).toLocaleString('en-GB', { timeZone: 'UTC' })} UTC
      </p>
      <progress className="h-3 w-full max-w-xl" max={run.total} value={run.done} aria-label={`Code generation ${run.id}`} aria-valuetext={label} />
      <p className={`text-sm ${run.status === 'failed' ? 'font-medium text-red-700' : 'text-gray-700'}`} aria-live="polite">
        {label}
        {run.error ? `. ${run.error}` : ''}
      </p>
    </div>
  );
}

export function CodeRuns({ brand, batchId, initialRuns, canWrite }: { brand: string; batchId: string; initialRuns: CodeRun[]; canWrite: boolean }) {
  const router = useRouter();
  const setBatchCodes = useSetBatchCodes();
  const id = useId();
  const [runs, setRuns] = useState(initialRuns);
  const [values, setValues] = useState({ count: '100', batchLevel: false, caseSize: '', palletSize: '' });
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const formRef = useFocusOnError(attempt);
  const wasActive = useRef(initialRuns.some(active));

  // Poll the runs still going, until none is.
  const polling = runs.some(active);
  useEffect(() => {
    if (!polling) {
      if (wasActive.current) {
        wasActive.current = false;
        router.refresh(); // the batch's code count and downloads
      }
      return;
    }
    wasActive.current = true;
    const timer = setInterval(async () => {
      try {
        const { runs: fresh, batchCodes } = await consoleApi(CONSOLE_API.codeRuns, { params: { brand, batchId } });
        setRuns(fresh);
        if (batchCodes !== undefined) setBatchCodes(batchCodes); // absent only when asked without
      } catch {
        // A missed poll is retried at the next tick.
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [polling, brand, batchId, router, setBatchCodes]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const count = Number(values.count);
    if (!Number.isInteger(count) || count < 1 || count > MAX_CODES_PER_RUN) {
      setErrors({ count: `must be a whole number from 1 to ${MAX_CODES_PER_RUN.toLocaleString('en')}` });
      return setAttempt((n) => n + 1);
    }
    setBusy(true);
    setErrors({});
    try {
      const run = await consoleApi(CONSOLE_API.createCodeRun, {
        params: { brand, batchId },
        body: {
          count,
          batchLevel: values.batchLevel,
          ...(values.caseSize ? { caseSize: Number(values.caseSize) } : {}),
          ...(values.palletSize ? { palletSize: Number(values.palletSize) } : {}),
        },
      });
      setRuns((list) => [run, ...list]);
    } catch (err) {
      setErrors(formErrorsOf(err, FIELDS));
      setAttempt((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }

  const aria = (f: string) => ({ 'aria-invalid': errors[f] ? true : undefined, 'aria-describedby': errors[f] ? `${id}-${f}-error` : undefined });
  return (
    <div>
      {canWrite && (
        <form ref={formRef} onSubmit={submit} noValidate className="mb-6 max-w-xl" aria-label="Generate codes">
          {errors.form && <Alert>{errors.form}</Alert>}
          <div className="mb-4">
            <label htmlFor={`${id}-count`} className="mb-1 block font-medium text-gray-900">
              {values.batchLevel ? 'Number of batch-level codes' : 'Number of units'}
            </label>
            <input id={`${id}-count`} className={inputClass} type="number" inputMode="numeric" min={1} max={MAX_CODES_PER_RUN} value={values.count} onChange={(e) => setValues((v) => ({ ...v, count: e.target.value }))} {...aria('count')} />
            <FieldError id={`${id}-count-error`} error={errors.count} />
          </div>
          <div className="mb-4 flex items-center gap-2">
            <input id={`${id}-batch-level`} type="checkbox" className="h-5 w-5" checked={values.batchLevel} onChange={(e) => setValues((v) => ({ ...v, batchLevel: e.target.checked, caseSize: '', palletSize: '' }))} />
            <label htmlFor={`${id}-batch-level`} className="text-gray-900">
              Batch-level codes (one code for many packs, no covert code)
            </label>
          </div>
          {!values.batchLevel && (
            <div className="mb-4 flex flex-wrap gap-4">
              <div>
                <label htmlFor={`${id}-case`} className="mb-1 block font-medium text-gray-900">
                  Units per case (optional)
                </label>
                <input id={`${id}-case`} className={inputClass} type="number" inputMode="numeric" min={1} max={1000} value={values.caseSize} onChange={(e) => setValues((v) => ({ ...v, caseSize: e.target.value }))} {...aria('caseSize')} />
                <FieldError id={`${id}-caseSize-error`} error={errors.caseSize} />
              </div>
              <div>
                <label htmlFor={`${id}-pallet`} className="mb-1 block font-medium text-gray-900">
                  Cases per pallet (optional)
                </label>
                <input id={`${id}-pallet`} className={inputClass} type="number" inputMode="numeric" min={1} max={1000} value={values.palletSize} onChange={(e) => setValues((v) => ({ ...v, palletSize: e.target.value }))} {...aria('palletSize')} />
                <FieldError id={`${id}-palletSize-error`} error={errors.palletSize} />
              </div>
            </div>
          )}
          <ConsoleButton type="submit" busy={busy}>
            Generate codes
          </ConsoleButton>
        </form>
      )}
      <h3 className="mb-2 text-lg font-semibold text-gray-900">Generation runs</h3>
      {runs.length ? runs.map((r) => <RunProgress key={r.id} run={r} />) : <p className="text-gray-700">No codes generated in the console yet.</p>}
    </div>
  );
}
