import type { z } from 'zod';
import type { complaintStatusSchema } from '@/lib/schemas/complaints';

// A complaint status on screen: its words and its colour (docs/after-sales.md), always together.
type Status = z.infer<typeof complaintStatusSchema>;

export const COMPLAINT_STATUS: Record<Status, { label: string; color: string }> = {
  unassigned: { label: 'Unassigned', color: '#6b7280' },
  open: { label: 'Open', color: '#2563eb' },
  inprogress: { label: 'In progress', color: '#d97706' },
  closed: { label: 'Closed', color: '#16a34a' },
};

/** The API's colour when it sends a valid hex colour, else ours. */
export function complaintStatusView(status: Status, apiColor?: string) {
  const base = COMPLAINT_STATUS[status];
  return { label: base.label, color: apiColor && /^#[0-9a-fA-F]{6}$/.test(apiColor) ? apiColor : base.color };
}
