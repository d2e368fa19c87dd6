'use client';
import { useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { consoleFetch } from '@/lib/client/console-fetch';
import type { CodeRow } from '@/lib/schemas/console-codes';

// Blacklist / whitelist again and delete a code (owner, manager), through the console API, which
// audits each change. Delete asks for a confirmation first; the page reloads its data after.

export function CodeActions({ brand, qrId, state }: { brand: string; qrId: string; state: CodeRow['state'] }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const base = `/console/brands/${encodeURIComponent(brand)}/codes/${encodeURIComponent(qrId)}`;

  async function act(method: 'POST' | 'DELETE', path: string, message: string) {
    setBusy(true);
    setError('');
    setDone('');
    try {
      await consoleFetch(path, { method });
      setDone(message);
      setConfirming(false);
      router.refresh();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  const button = 'min-h-11 rounded-lg border px-4 py-2 font-semibold disabled:opacity-60';
  if (state === 'deleted') return <p className="text-gray-800">This code is deleted: its scans answer Invalid Product.</p>;
  return (
    <section aria-labelledby="actions-title" className="space-y-3 rounded-lg border border-gray-300 bg-white p-4">
      <h2 id="actions-title" className="text-lg font-semibold text-gray-900">
        Actions
      </h2>
      <div className="flex flex-wrap gap-3">
        {state === 'blacklisted' ? (
          <button type="button" disabled={busy} className={`${button} border-gray-400 bg-white text-gray-900`} onClick={() => act('POST', `${base}/whitelist`, 'Whitelisted again: scans answer as before.')}>
            Undo blacklisting
          </button>
        ) : (
          <button type="button" disabled={busy} className={`${button} border-transparent bg-red-700 text-white`} onClick={() => act('POST', `${base}/blacklist`, 'Blacklisted: scans of this code now answer Fake.')}>
            Blacklist
          </button>
        )}
        {!confirming && (
          <button
            type="button"
            disabled={busy}
            className={`${button} border-red-700 bg-white text-red-800`}
            onClick={() => {
              setConfirming(true);
              setTimeout(() => confirmRef.current?.focus(), 0);
            }}
          >
            Delete code…
          </button>
        )}
      </div>
      {confirming && (
        <div role="alertdialog" aria-labelledby="confirm-delete-text" className="space-y-2 rounded-md border-2 border-red-700 p-3">
          <p id="confirm-delete-text" className="text-gray-900">
            {`Delete code ${qrId}? Its scans will answer Invalid Product. Its scans and claim stay on record. This cannot be undone here.`}
          </p>
          <div className="flex flex-wrap gap-3">
            <button ref={confirmRef} type="button" disabled={busy} className={`${button} border-transparent bg-red-700 text-white`} onClick={() => act('DELETE', base, 'Deleted.')}>
              Yes, delete this code
            </button>
            <button type="button" disabled={busy} className={`${button} border-gray-400 bg-white text-gray-900`} onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      <p role="status" className="text-sm text-gray-900">
        {done}
      </p>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </section>
  );
}
