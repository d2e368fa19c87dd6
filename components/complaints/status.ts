import type { z } from 'zod';
import type { complaintStatusSchema } from '@/lib/schemas/complaints';
import type { MessageKey } from '@/lib/shared/i18n';

// A complaint status on screen: its words and its colour (docs/after-sales.md), always together.
type Status = z.infer<typeof complaintStatusSchema>;

/** `label`: the status's words in the catalogue (the wire value stays `status`). */
export const COMPLAINT_STATUS: Record<Status, { label: MessageKey; color: string }> = {
  unassigned: { label: 'status.unassigned', color: '#6b7280' },
  open: { label: 'status.open', color: '#2563eb' },
  inprogress: { label: 'status.inprogress', color: '#d97706' },
  closed: { label: 'status.closed', color: '#16a34a' },
};

/** The API's colour when it sends a valid hex colour, else ours. */
export function complaintStatusView(status: Status, apiColor?: string) {
  const base = COMPLAINT_STATUS[status];
  return { label: base.label, color: apiColor && /^#[0-9a-fA-F]{6}$/.test(apiColor) ? apiColor : base.color };
}
