// Complaint statuses (product-spec section 4) and the moves the brand may make between them
// (docs/after-sales.md). A new ticket is unassigned; assigning it opens it.

export const COMPLAINT_STATUSES = ['unassigned', 'open', 'inprogress', 'closed'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

export const COMPLAINT_TRANSITIONS: Readonly<Record<ComplaintStatus, readonly ComplaintStatus[]>> = {
  unassigned: ['open', 'closed'],
  open: ['inprogress', 'closed'],
  inprogress: ['open', 'closed'],
  closed: ['open'],
};

export function canMoveComplaint(from: ComplaintStatus, to: ComplaintStatus): boolean {
  return COMPLAINT_TRANSITIONS[from].includes(to);
}

/** Display colour of each status (the spec names the four, not their colours). */
export const COMPLAINT_STATUS_COLORS: Readonly<Record<ComplaintStatus, string>> = {
  unassigned: '#6b7280',
  open: '#2563eb',
  inprogress: '#d97706',
  closed: '#16a34a',
};

/** Human-readable ticket id, numbered per brand: 123 → 'TKT-000123'. */
export function ticketId(n: number): string {
  if (!Number.isSafeInteger(n) || n < 1) throw new Error('ticket number must be a positive integer');
  return `TKT-${String(n).padStart(6, '0')}`;
}

/**
 * Hours a ticket of each priority may wait before it is overdue, when the brand sets none for it
 * (complaintConfig.targetHours): by the priority's usual names, else three days.
 */
export const DEFAULT_TARGET_HOURS = 72;
const TARGET_HOURS_BY_NAME: Readonly<Record<string, number>> = { critical: 8, urgent: 24, high: 24, medium: 72, normal: 72, low: 168 };

export function complaintTargetHours(priority: string, configured: Readonly<Record<string, number>> = {}): number {
  return configured[priority] ?? TARGET_HOURS_BY_NAME[priority.trim().toLowerCase()] ?? DEFAULT_TARGET_HOURS;
}

/** Whether an open ticket has waited longer than its priority's target time; a closed one never is. */
export function isComplaintOverdue(status: ComplaintStatus, createdAt: Date, targetHours: number, now: Date): boolean {
  return status !== 'closed' && now.getTime() - createdAt.getTime() > targetHours * 3_600_000;
}
