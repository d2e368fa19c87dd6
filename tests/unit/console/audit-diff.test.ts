import { AUDIT_VALUE_MAX, auditChanges } from '@/lib/shared/audit-diff';

// The audit log shows what a change touched, field by field, rather than both whole states.

describe('auditChanges', () => {
  it('lists only the nested fields that differ, by dotted path', () => {
    const before = { name: 'Acme', ui: { primaryColor: '#111111', logo: '/a.png' }, complaintConfig: { targetHours: { High: 4, Low: 48 } }, markets: ['IN'] };
    const after = { name: 'Acme', ui: { primaryColor: '#222222', logo: '/a.png' }, complaintConfig: { targetHours: { High: 6, Low: 48 } }, markets: ['IN'] };
    expect(auditChanges(before, after)).toEqual([
      { field: 'ui.primaryColor', before: '"#111111"', after: '"#222222"' },
      { field: 'complaintConfig.targetHours.High', before: '4', after: '6' },
    ]);
  });

  it('shows added and removed fields as not set on one side, and lists compared whole', () => {
    expect(auditChanges({ a: 1, list: ['IN'] }, { b: true, list: ['IN', 'NP'] })).toEqual([
      { field: 'a', before: '1', after: null },
      { field: 'list', before: '["IN"]', after: '["IN","NP"]' },
      { field: 'b', before: null, after: 'true' },
    ]);
  });

  it('handles a creation, a scalar state and nothing changed', () => {
    expect(auditChanges(null, { status: 'open' })).toEqual([{ field: 'status', before: null, after: '"open"' }]);
    expect(auditChanges('a', 'b')).toEqual([{ field: '(value)', before: '"a"', after: '"b"' }]);
    expect(auditChanges({ x: { y: 1 } }, { x: { y: 1 } })).toEqual([]);
  });

  it('cuts a very long value', () => {
    const [change] = auditChanges({ text: 'x'.repeat(1000) }, { text: 'y' });
    expect(change!.before).toHaveLength(AUDIT_VALUE_MAX);
    expect(change!.before!.endsWith('…')).toBe(true);
  });
});
