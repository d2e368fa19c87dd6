import { roleInWords } from '@/lib/domain/role-words';

// The Staff page's words for each role follow the roles table the API enforces.

describe('roleInWords', () => {
  it('says what support changes and what it only reads', () => {
    const support = roleInWords('support');
    expect(support.changes).toEqual(['red flags (resolving a copy and blacklisting its codes)', 'complaints', 'warranty registrations', "customers' claims"]);
    expect(support.readsOnly).toContain('codes (blacklisting and deleting them)');
    expect(support.readsOnly).not.toContain('payouts to customers');
  });

  it('gives the analyst nothing to change and the owner everything that can change', () => {
    expect(roleInWords('analyst').changes).toEqual([]);
    expect(roleInWords('analyst').readsOnly).not.toContain('the audit log');
    expect(roleInWords('owner').changes).toContain('the staff and their sessions');
    expect(roleInWords('owner').readsOnly).toEqual(['the overview', "customers' feedback", 'the audit log', 'what other brands share with this organisation']);
    expect(roleInWords('finance').changes).toEqual(['rewards and scan journeys', 'payouts to customers']);
  });
});
