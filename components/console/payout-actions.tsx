'use client';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { Alert } from '@/components/ui/alert';
import { consoleApi } from '@/lib/client/console-api';
import { CONSOLE_API } from '@/lib/shared/console-api';
import { errorMessageOf } from '@/lib/shared/fetch-rules';
import type { ConsolePayout } from '@/lib/schemas/console-money';
import { ConsoleButton } from './button';

// The finance clerk's actions on payouts (console area 'payouts'): export the bank's
// bulk-transfer file (downloaded by the browser), import the bank's result file, retry a failed
// payout. The list beside them is the server's; each action refreshes it.


function download(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Sent by a Retry on the list: what the last export or import said no longer describes the list. */
const PAYOUT_RETRIED = 'console:payout-retried';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

export function PayoutActions({ brand, waiting, atBank }: { brand: string; waiting: number; atBank: number }) {
  const router = useRouter();
  const [busy, setBusy] = useState<'' | 'export' | 'import'>('');
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string; field?: boolean } | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const clear = () => setMessage(null);
    window.addEventListener(PAYOUT_RETRIED, clear);
    return () => window.removeEventListener(PAYOUT_RETRIED, clear);
  }, []);

  async function exportFile() {
    setBusy('export');
    setMessage(null);
    try {
      const done = await consoleApi(CONSOLE_API.exportPayouts, { params: { brand } });
      if (done.count > 0) download(done.fileName, done.csv);
      const held = done.held ? ` ${plural(done.held, 'payout')} held for a review stayed behind.` : '';
      setMessage({
        kind: 'success',
        text: done.count ? `Exported ${plural(done.count, 'payout')} (₹${done.total}) to ${done.fileName}. Upload it to the bank.${held}` : `No payouts were waiting for the bank.${held}`,
      });
      router.refresh();
    } catch (err) {
      setMessage({ kind: 'error', text: errorMessageOf(undefined, err) });
    } finally {
      setBusy('');
    }
  }

  async function importFile(e: FormEvent) {
    e.preventDefault();
    const file = fileRef.current?.files?.[0];
    if (!file) {
      setMessage({ kind: 'error', text: 'Choose the bank\'s result file (CSV) first.', field: true });
      return;
    }
    if (file.size > 5 * 1024 * 1024) {
      setMessage({ kind: 'error', text: 'The result file must be at most 5 MB.', field: true });
      return;
    }
    setBusy('import');
    setMessage(null);
    try {
      const done = await consoleApi(CONSOLE_API.importPayouts, { params: { brand }, body: { text: await file.text() } });
      setMessage({
        kind: 'success',
        text: `Imported: ${done.completed} completed, ${done.failed} failed${done.unchanged ? `, ${done.unchanged} already imported` : ''}.`,
      });
      if (fileRef.current) fileRef.current.value = '';
      router.refresh();
    } catch (err) {
      setMessage({ kind: 'error', text: errorMessageOf(undefined, err), field: true });
    } finally {
      setBusy('');
    }
  }

  return (
    <section aria-labelledby="settle-title" className="mb-6 rounded-lg border border-gray-300 bg-white p-4">
      <h2 id="settle-title" className="mb-3 text-lg font-semibold text-gray-900">Settle with the bank</h2>
      {message && <Alert kind={message.kind}>{message.text}</Alert>}
      <div className="flex flex-wrap items-start gap-6">
        <div>
          <p className="mb-2 text-gray-800">{plural(waiting, 'payout')} waiting for the bank.</p>
          <ConsoleButton onClick={() => void exportFile()} disabled={busy !== ''} busy={busy === 'export'}>
            {busy === 'export' ? 'Exporting…' : 'Export the bank file'}
          </ConsoleButton>
        </div>
        <form onSubmit={importFile} noValidate>
          <p className="mb-2 text-gray-800">{plural(atBank, 'payout')} at the bank.</p>
          <label htmlFor="bank-results" className="mb-1 block font-medium text-gray-900">Bank result file (CSV)</label>
          <input
            ref={fileRef}
            id="bank-results"
            type="file"
            accept=".csv,text/csv,text/plain"
            aria-invalid={message?.kind === 'error' && message.field ? true : undefined}
            aria-describedby="bank-results-hint"
            className="mb-2 block"
          />
          <p id="bank-results-hint" className="mb-2 text-sm text-gray-700">Columns reference,status,bank_ref,reason; all rows are applied or none.</p>
          <ConsoleButton type="submit" variant="secondary" disabled={busy !== ''} busy={busy === 'import'}>
            {busy === 'import' ? 'Importing…' : 'Import results'}
          </ConsoleButton>
        </form>
      </div>
    </section>
  );
}

export function RetryButton({ brand, payout }: { brand: string; payout: Pick<ConsolePayout, 'reference'> }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  async function retry() {
    setBusy(true);
    setError('');
    try {
      await consoleApi(CONSOLE_API.retryPayout, { params: { brand, reference: payout.reference } });
      window.dispatchEvent(new Event(PAYOUT_RETRIED));
      router.refresh();
    } catch (err) {
      setError(errorMessageOf(undefined, err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div>
      <ConsoleButton
        size="sm"
        variant="secondary"
        onClick={() => void retry()}
        busy={busy}
        aria-label={`Retry payout ${payout.reference}`}
        aria-describedby={error ? `retry-${payout.reference}-error` : undefined}
      >
        {busy ? 'Retrying…' : 'Retry'}
      </ConsoleButton>
      {error && (
        <p id={`retry-${payout.reference}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
