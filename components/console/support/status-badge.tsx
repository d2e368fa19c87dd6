import type { ComplaintStatus } from '@/lib/domain/complaints';
import { complaintStatusLabel, hoursText } from './labels';

// A ticket's status in words with its colour, and its age against its priority's target time.

export function StatusBadge({ status, color }: { status: ComplaintStatus; color: string }) {
  return (
    <span data-status={status} className="inline-flex items-center gap-1.5 rounded-full border-2 bg-white px-2 py-0.5 text-sm font-semibold text-gray-900" style={{ borderColor: color }}>
      <span aria-hidden="true" className="inline-block h-2.5 w-2.5 rounded-full" style={{ backgroundColor: color }} />
      {complaintStatusLabel(status)}
    </span>
  );
}

export function AgeCell({ ageHours, targetHours, overdue }: { ageHours: number; targetHours: number; overdue: boolean }) {
  return (
    <span>
      {hoursText(ageHours)} <span className="text-gray-700">of {hoursText(targetHours)}</span>
      {overdue && <span className="ml-2 inline-block rounded bg-red-700 px-1.5 py-0.5 text-xs font-bold text-white">overdue</span>}
    </span>
  );
}
