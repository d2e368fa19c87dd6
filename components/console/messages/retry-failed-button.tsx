'use client';
import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { consoleApi } from '@/lib/client/console-api';
import { CONSOLE_API } from '@/lib/shared/console-api';
import { errorMessageOf } from '@/lib/shared/fetch-rules';
import { Alert } from '@/components/ui/alert';
import { ConsoleButton } from '../button';

// Sends the failed messages again (owner, manager), once the brand fixed what made them fail.
export function RetryFailedButton({ brand, failed }: { brand: string; failed: number }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string }>();
  async function retry() {
    setBusy(true);
    try {
      const r = await consoleApi(CONSOLE_API.retryFailedMessages, { params: { brand } });
      setResult({ ok: true, text: `${r.requeued} message${r.requeued === 1 ? '' : 's'} queued again.` });
      router.refresh();
    } catch (err) {
      setResult({ ok: false, text: errorMessageOf(undefined, err) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <div>
      {result && <Alert kind={result.ok ? 'success' : 'error'}>{result.text}</Alert>}
      <ConsoleButton type="button" onClick={retry} busy={busy}>
        Send the {failed} failed message{failed === 1 ? '' : 's'} again
      </ConsoleButton>
    </div>
  );
}
