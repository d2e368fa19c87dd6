'use client';
import { useId, useState } from 'react';
import { consoleApi } from '@/lib/client/console-api';
import { CONSOLE_API } from '@/lib/shared/console-api';
import { BulkAction } from '../bulk-action';

// Several complaints at once (those who may change complaints): assign the chosen ones to a
// member or to nobody, or close them; asked again, then one call (all or nothing, audited).

export function BulkComplaintsForm({ brand, formId, staff }: { brand: string; formId: string; staff: ReadonlyArray<{ staffId: string; name: string }> }) {
  const id = useId();
  const [action, setAction] = useState<'assign' | 'close'>('assign');
  const [staffId, setStaffId] = useState('');
  const who = staffId ? (staff.find((s) => s.staffId === staffId)?.name ?? staffId) : 'nobody';
  return (
    <BulkAction
      formId={formId}
      legend="Change the chosen complaints"
      noun={['complaint', 'complaints']}
      apply="Apply to chosen"
      question={(_n, label) => (action === 'close' ? `Close ${label}?` : `Assign ${label} to ${who}?`)}
      run={async (ticketIds) => {
        const body = action === 'close' ? { action, ticketIds, confirm: true as const } : { action, ticketIds, staffId: staffId || null, confirm: true as const };
        const r = await consoleApi(CONSOLE_API.bulkComplaints, { params: { brand }, body });
        const n = r.changed.length;
        const done = action === 'close' ? `Closed ${n} complaint${n === 1 ? '' : 's'}` : `Assigned ${n} complaint${n === 1 ? '' : 's'} to ${who}`;
        return r.unchanged.length ? `${done}; ${r.unchanged.length} already closed.` : `${done}.`;
      }}
    >
      <div>
        <label htmlFor={`${id}-action`} className="mb-1 block text-sm font-medium text-gray-900">
          Action
        </label>
        <select id={`${id}-action`} value={action} onChange={(e) => setAction(e.target.value as 'assign' | 'close')} className="min-h-10 rounded-md border border-gray-500 bg-white px-2 py-1.5 text-gray-900">
          <option value="assign">Assign to</option>
          <option value="close">Close</option>
        </select>
      </div>
      {action === 'assign' && (
        <div>
          <label htmlFor={`${id}-staff`} className="mb-1 block text-sm font-medium text-gray-900">
            Staff member
          </label>
          <select id={`${id}-staff`} value={staffId} onChange={(e) => setStaffId(e.target.value)} className="min-h-10 rounded-md border border-gray-500 bg-white px-2 py-1.5 text-gray-900">
            <option value="">Nobody</option>
            {staff.map((s) => (
              <option key={s.staffId} value={s.staffId}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
      )}
    </BulkAction>
  );
}
