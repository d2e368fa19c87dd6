import { addMonths, daysUntil, warrantyPeriod, warrantyStatus } from '@/lib/domain/warranty';

describe('warrantyPeriod', () => {
  it('covers from the purchase date through the day before the same date months later', () => {
    expect(warrantyPeriod('2025-03-15', 12)).toEqual({ startsOn: '2025-03-15', endsOn: '2026-03-14' });
    expect(warrantyPeriod('2025-01-31', 1)).toEqual({ startsOn: '2025-01-31', endsOn: '2025-02-27' });
  });

  it('clamps to the end of a shorter month', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-12-15', 2)).toBe('2026-02-15');
  });

  it('refuses a product without warranty months', () => {
    expect(() => warrantyPeriod('2025-01-01', 0)).toThrow();
  });
});

describe('warrantyStatus', () => {
  it('is ACTIVE through its last day, then EXPIRED; VOID stays VOID', () => {
    expect(warrantyStatus('2025-06-30', 'REGISTERED', '2025-06-30')).toBe('ACTIVE');
    expect(warrantyStatus('2025-06-30', 'REGISTERED', '2025-07-01')).toBe('EXPIRED');
    expect(warrantyStatus('2099-01-01', 'VOID', '2025-01-01')).toBe('VOID');
    expect(daysUntil('2025-07-01', '2025-06-30')).toBe(1);
  });
});
