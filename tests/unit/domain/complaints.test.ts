import { COMPLAINT_STATUSES, COMPLAINT_STATUS_COLORS, canMoveComplaint, ticketId } from '@/lib/domain/complaints';

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
