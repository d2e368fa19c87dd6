'use client';
import { useId, useState } from 'react';
import { consoleApi } from '@/lib/client/console-api';
import { CONSOLE_API } from '@/lib/shared/console-api';
import { BulkAction } from '../bulk-action';

// Several open red flags resolved at once as copies, with one note; offered (on by default) to
// blacklist their units' codes, printed and hidden together. Asked again, then one call.

export function BulkResolveRedFlags({ brand, formId }: { brand: string; formId: string }) {
  const id = useId();
  const [note, setNote] = useState('');
  const [blacklist, setBlacklist] = useState(true);
  return (
    <BulkAction
      formId={formId}
      legend="Resolve the chosen red flags as copies"
      noun={['red flag', 'red flags']}
      apply="Resolve chosen"
      question={(_n, label) => `Resolve ${label} as copies${blacklist ? ' and blacklist their codes (scans of them will answer Fake)' : ''}?`}
      run={async (ids) => {
        const r = await consoleApi(CONSOLE_API.resolveRedFlags, {
          params: { brand },
          body: { ids, note: note.trim(), blacklist, confirm: true },
        });
        const codes = r.resolved.reduce((n, f) => n + f.blacklisted.length, 0);
        return `Resolved ${r.resolved.length} red flag${r.resolved.length === 1 ? '' : 's'}${blacklist ? `; ${codes} code${codes === 1 ? '' : 's'} blacklisted` : ''}.`;
      }}
    >
      <div className="min-w-64 flex-1">
        <label htmlFor={`${id}-note`} className="mb-1 block text-sm font-medium text-gray-900">
          Note (why they are copies)
        </label>
        <input id={`${id}-note`} value={note} onChange={(e) => setNote(e.target.value)} maxLength={2000} className="block w-full min-h-10 rounded-md border border-gray-500 bg-white px-2 py-1.5 text-gray-900" />
      </div>
      <div className="flex min-h-10 items-center gap-2">
        <input id={`${id}-blacklist`} type="checkbox" checked={blacklist} onChange={(e) => setBlacklist(e.target.checked)} className="h-5 w-5 accent-blue-800" />
        <label htmlFor={`${id}-blacklist`} className="text-sm text-gray-900">
          Blacklist their codes (printed and hidden)
        </label>
      </div>
    </BulkAction>
  );
}
