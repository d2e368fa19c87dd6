'use client';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { consoleApi } from '@/lib/client/console-api';
import { CONSOLE_API } from '@/lib/shared/console-api';
import { ConsoleButton } from './button';
import { ConfirmBox, useConfirmStep } from './confirm-step';

// "Purge now" (owner, manager): deletes the brand's raw scan data older than its retention days
// at once, after a confirmation step. The server does the same every six hours; the use case is
// the command line's purge-scans --slug (lib/console/retention.ts), audited as scans.purge.

export function PurgeScans({ brand, retentionDays }: { brand: string; retentionDays: number }) {
  const step = useConfirmStep();
  const [done, setDone] = useState('');

  function purge() {
    void step.act(async () => {
      const r = await consoleApi(CONSOLE_API.purgeScans, { params: { brand }, body: { confirm: true } });
      setDone(`Purged: ${r.scansDeleted} scans and ${r.sessionsDeleted} sessions from before ${r.before.slice(0, 10)} deleted.`);
    });
  }

  return (
    <section aria-labelledby="retention-title" className="mb-6 rounded-lg border border-gray-300 bg-white p-4">
      <h2 id="retention-title" className="mb-2 text-lg font-semibold text-gray-900">
        Scan data retention
      </h2>
      <p className="mb-3 text-gray-900">
        {`Raw scan data (each scan, each session's coarse place) is kept ${retentionDays} days, then deleted every six hours. Change the days under Risk above. Verification counts, claims and red flags stay.`}
      </p>
      {done && <Alert kind="success">{done}</Alert>}
      {!step.asking && (
        <ConsoleButton
          id={step.triggerId}
          variant="danger-outline"
          onClick={() => {
            setDone('');
            step.ask();
          }}
        >
          Purge now…
        </ConsoleButton>
      )}
      <ConfirmBox step={step} question={`Delete every scan and session older than ${retentionDays} days now? This cannot be undone.`} yes="Yes, purge now" onYes={purge} />
    </section>
  );
}
