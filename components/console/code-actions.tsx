'use client';
import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { consoleApi } from '@/lib/client/console-api';
import { CONSOLE_API } from '@/lib/shared/console-api';
import type { CodeRow } from '@/lib/schemas/console-codes';
import { ConsoleButton } from './button';
import { ConfirmBox, useConfirmStep } from './confirm-step';

// Blacklist / whitelist again and delete a code (owner, manager), through the console API, which
// audits each change. Delete asks for a confirmation first (the shared confirm step); the page
// reloads its data after.

export function CodeActions({ brand, qrId, state }: { brand: string; qrId: string; state: CodeRow['state'] }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const remove = useConfirmStep();
  
  async function act(operation: typeof CONSOLE_API.blacklistCode | typeof CONSOLE_API.whitelistCode, message: string) {
    setBusy(true);
    setError('');
    setDone('');
    try {
      await consoleApi(operation, { params: { brand, qrId } });
      setDone(message);
      router.refresh();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  function deleteCode() {
    setError('');
    setDone('');
    void remove.act(async () => {
      await consoleApi(CONSOLE_API.deleteCode, { params: { brand, qrId } });
      setDone('Deleted.');
      router.refresh();
    });
  }

  if (state === 'deleted') return <p className="text-gray-800">This code is deleted: its scans answer Invalid Product.</p>;
  const working = busy || remove.busy;
  return (
    <section aria-labelledby="actions-title" className="space-y-3 rounded-lg border border-gray-300 bg-white p-4">
      <h2 id="actions-title" className="text-lg font-semibold text-gray-900">
        Actions
      </h2>
      <div className="flex flex-wrap gap-3">
        {state === 'blacklisted' ? (
          <ConsoleButton variant="secondary" busy={busy} disabled={working} onClick={() => act(CONSOLE_API.whitelistCode, 'Whitelisted again: scans answer as before.')}>
            Undo blacklisting
          </ConsoleButton>
        ) : (
          <ConsoleButton variant="danger" busy={busy} disabled={working} onClick={() => act(CONSOLE_API.blacklistCode, 'Blacklisted: scans of this code now answer Fake.')}>
            Blacklist
          </ConsoleButton>
        )}
        {!remove.asking && (
          <ConsoleButton id={remove.triggerId} variant="danger-outline" disabled={working} onClick={remove.ask}>
            Delete code…
          </ConsoleButton>
        )}
      </div>
      <ConfirmBox
        step={remove}
        question={`Delete code ${qrId}? Its scans will answer Invalid Product. Its scans and claim stay on record. This cannot be undone here.`}
        yes="Yes, delete this code"
        onYes={deleteCode}
      />
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
