import { PAYOUT_STATUSES, PAYOUT_TRANSITIONS, canTransition, paiseFromRupees, rupees } from '@/lib/domain/payouts';

describe('canTransition (payouts)', () => {
  it.each([
    ['DEFAULT', 'NOT_CLAIMED'],
    ['NOT_CLAIMED', 'TRANSFER_PENDING'],
    ['TRANSFER_PENDING', 'PENDING_AT_BANK'],
    ['PENDING_AT_BANK', 'TRANSFER_COMPLETED'],
    ['PENDING_AT_BANK', 'TRANSFER_FAILED'],
    ['TRANSFER_FAILED', 'TRANSFER_PENDING'],
  ] as const)('allows %s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(true);
  });

  it('allows nothing else, so a completed payout can never be paid again', () => {
    const allowed = new Set(Object.entries(PAYOUT_TRANSITIONS).flatMap(([f, tos]) => tos.map((t) => `${f}>${t}`)));
    expect(allowed.size).toBe(6);
    for (const from of PAYOUT_STATUSES) {
      for (const to of PAYOUT_STATUSES) expect(canTransition(from, to)).toBe(allowed.has(`${from}>${to}`));
    }
    expect(PAYOUT_TRANSITIONS.TRANSFER_COMPLETED).toEqual([]);
    expect(canTransition('TRANSFER_PENDING', 'TRANSFER_COMPLETED')).toBe(false);
  });
});

describe('rupees and paiseFromRupees', () => {
  it('writes paise as rupees with two decimals', () => {
    expect(rupees(2500)).toBe('25.00');
    expect(rupees(1005)).toBe('10.05');
    expect(rupees(0)).toBe('0.00');
    expect(() => rupees(1.5)).toThrow();
  });

  it.each([
    ['25', 2500],
    ['25.5', 2550],
    ['25.50', 2550],
    ['0.01', 1],
  ])('reads %s rupees as %i paise', (text, paise) => {
    expect(paiseFromRupees(text)).toBe(paise);
  });

  it.each(['0', '-5', '25.555', 'ten', '', '1e3', '25,00'])('refuses %j', (text) => {
    expect(paiseFromRupees(text)).toBeUndefined();
  });
});
