'use client';
import { useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { consoleFetch } from '@/lib/client/console-fetch';
import type { PurgeScansResult } from '@/lib/schemas/console-money';
import { useFocusAfterRender } from '@/components/ui/use-form-focus';

// "Purge now" (owner, manager): deletes the brand's raw scan data older than its retention days
// at once, after a confirmation step. The server does the same every six hours; the use case is
// the command line's purge-scans --slug (lib/console/retention.ts), audited as scans.purge.

export function PurgeScans({ brand, retentionDays }: { brand: string; retentionDays: number }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const focusLater = useFocusAfterRender();
  const [done, setDone] = useState('');
  const [error, setError] = useState('');
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);

  async function purge() {
    setBusy(true);
    setError('');
    try {
      const r = await consoleFetch<PurgeScansResult>(`/console/brands/${encodeURIComponent(brand)}/settings/purge-scans`, { method: 'POST', body: { confirm: true } });
      setDone(`Purged: ${r.scansDeleted} scans and ${r.sessionsDeleted} sessions from before ${r.before.slice(0, 10)} deleted.`);
      setConfirming(false);
      focusLater(() => openRef.current);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  const button = 'min-h-11 rounded-lg border px-4 py-2 font-semibold disabled:opacity-60';
  return (
    <section aria-labelledby="retention-title" className="mb-6 rounded-lg border border-gray-300 bg-white p-4">
      <h2 id="retention-title" className="mb-2 text-lg font-semibold text-gray-900">
        Scan data retention
      </h2>
      <p className="mb-3 text-gray-900">
        {`Raw scan data (each scan, each session's coarse place) is kept ${retentionDays} days, then deleted every six hours. Change the days under Risk above. Verification counts, claims and red flags stay.`}
      </p>
      {error && <Alert>{error}</Alert>}
      {done && <Alert kind="success">{done}</Alert>}
      {!confirming ? (
        <button
          ref={openRef}
          type="button"
          disabled={busy}
          className={`${button} border-red-700 bg-white text-red-800`}
          onClick={() => {
            setConfirming(true);
            setDone('');
            setTimeout(() => confirmRef.current?.focus(), 0);
          }}
        >
          Purge now…
        </button>
      ) : (
        <div role="alertdialog" aria-labelledby="confirm-purge-text" className="space-y-2 rounded-md border-2 border-red-700 p-3">
          <p id="confirm-purge-text" className="text-gray-900">
            {`Delete every scan and session older than ${retentionDays} days now? This cannot be undone.`}
          </p>
          <div className="flex flex-wrap gap-3">
            <button ref={confirmRef} type="button" disabled={busy} aria-busy={busy || undefined} className={`${button} border-transparent bg-red-700 text-white`} onClick={() => void purge()}>
              Yes, purge now
            </button>
            <button type="button" disabled={busy} className={`${button} border-gray-400 bg-white text-gray-900`} onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
