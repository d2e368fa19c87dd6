import type { ComplaintStatus } from '@/lib/domain/complaints';

// Words for the console's wire values (the values themselves never change).

const COMPLAINT_STATUS_LABELS: Readonly<Record<ComplaintStatus, string>> = {
  unassigned: 'Unassigned',
  open: 'Open',
  inprogress: 'In progress',
  closed: 'Closed',
};
export const complaintStatusLabel = (s: ComplaintStatus) => COMPLAINT_STATUS_LABELS[s];

/** Hours as people say them: '5 h', '3 d 4 h'. */
export function hoursText(hours: number): string {
  if (hours < 24) return `${hours} h`;
  const d = Math.floor(hours / 24);
  const h = hours % 24;
  return h ? `${d} d ${h} h` : `${d} d`;
}
