import { COMPLAINT_STATUSES, COMPLAINT_STATUS_COLORS, DEFAULT_TARGET_HOURS, canMoveComplaint, complaintTargetHours, isComplaintOverdue, ticketId } from '@/lib/domain/complaints';
import { applyConfigPatch, defaultClientConfig } from '@/lib/schemas/client-config';

describe('canMoveComplaint', () => {
  it.each([
    ['unassigned', 'open', true],
    ['unassigned', 'closed', true],
    ['unassigned', 'inprogress', false],
    ['open', 'inprogress', true],
    ['open', 'closed', true],
    ['open', 'unassigned', false],
    ['inprogress', 'open', true],
    ['inprogress', 'closed', true],
    ['closed', 'open', true],
    ['closed', 'inprogress', false],
    ['closed', 'unassigned', false],
  ] as const)('%s → %s is %s', (from, to, ok) => {
    expect(canMoveComplaint(from, to)).toBe(ok);
  });

  it('never allows staying in place', () => {
    for (const s of COMPLAINT_STATUSES) expect(canMoveComplaint(s, s)).toBe(false);
  });

  it('gives every status a distinct colour', () => {
    expect(new Set(COMPLAINT_STATUSES.map((s) => COMPLAINT_STATUS_COLORS[s])).size).toBe(4);
  });
});

describe('ticketId', () => {
  it('numbers tickets with six digits', () => {
    expect(ticketId(123)).toBe('TKT-000123');
    expect(ticketId(1234567)).toBe('TKT-1234567');
    expect(() => ticketId(0)).toThrow();
  });
});

describe('target times', () => {
  it('takes the brand\'s hours for a priority, else the usual ones by name, else three days', () => {
    expect(complaintTargetHours('High', { High: 4 })).toBe(4);
    expect(complaintTargetHours('High')).toBe(24);
    expect(complaintTargetHours(' low ')).toBe(168);
    expect(complaintTargetHours('Whenever')).toBe(DEFAULT_TARGET_HOURS);
  });

  it('calls an open ticket overdue past its target time, a closed one never', () => {
    const raised = new Date('2026-01-01T00:00:00Z');
    expect(isComplaintOverdue('open', raised, 24, new Date('2026-01-02T00:00:00Z'))).toBe(false);
    expect(isComplaintOverdue('open', raised, 24, new Date('2026-01-02T00:00:01Z'))).toBe(true);
    expect(isComplaintOverdue('closed', raised, 1, new Date('2027-01-01T00:00:00Z'))).toBe(false);
  });

  it('is a brand setting: a patch of the priorities keeps the hours, bad hours are refused', () => {
    const withHours = applyConfigPatch(defaultClientConfig(), { complaintConfig: { targetHours: { High: 6 } } });
    expect(withHours.complaintConfig).toEqual({ priorities: ['Low', 'Medium', 'High'], targetHours: { High: 6 } });
    expect(applyConfigPatch(withHours, { complaintConfig: { priorities: ['Low', 'High'] } }).complaintConfig).toEqual({ priorities: ['Low', 'High'], targetHours: { High: 6 } });
    expect(() => applyConfigPatch(withHours, { complaintConfig: { targetHours: { High: 0 } } })).toThrow(/at least 1 hour/);
  });
});
