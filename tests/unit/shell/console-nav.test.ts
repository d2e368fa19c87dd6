import { CONSOLE_NAV, consoleNavFor, consolePath } from '@/lib/shared/console-nav';
import { CONSOLE_AREAS, STAFF_ROLES, roleMay } from '@/lib/domain/staff-roles';

// The console's navigation (lib/shared/console-nav.ts) against the roles table: every area has one
// entry (claims: the disputed claims; the rest of claims is shown within codes and complaints),
// shown exactly to the roles that may read it.

describe('CONSOLE_NAV', () => {
  it('lists every area once, with its path', () => {
    expect(CONSOLE_NAV.map((e) => e.area).sort()).toEqual([...CONSOLE_AREAS].sort());
    expect(CONSOLE_NAV.map((e) => e.path)).toEqual([
      'overview', 'codes', 'catalogue', 'red-flags', 'disputes', 'complaints', 'warranty', 'rewards', 'payouts', 'legal', 'feedback', 'settings', 'staff', 'audit', 'shared',
    ]);
  });

  it.each(STAFF_ROLES)('shows a %s exactly the areas the role may read', (role) => {
    expect(consoleNavFor(role, 'Retailer').map((e) => e.area)).toEqual(CONSOLE_NAV.filter((e) => roleMay(role, e.area, 'read')).map((e) => e.area));
    expect(consoleNavFor(role).map((e) => e.area)).toEqual(CONSOLE_NAV.filter((e) => e.area !== 'shared' && roleMay(role, e.area, 'read')).map((e) => e.area));
  });

  it('shows "Shared with us" at a Retailer organisation only, to the roles that read complaints', () => {
    expect(consoleNavFor('analyst', 'Retailer').map((e) => e.path)).toContain('shared');
    expect(consoleNavFor('analyst', 'Manufacturer').map((e) => e.path)).not.toContain('shared');
    expect(consoleNavFor('finance', 'Retailer').map((e) => e.path)).not.toContain('shared');
  });

  it('shows staff and the audit log to the owner only, and the overview to everyone', () => {
    expect(consoleNavFor('owner').map((e) => e.path)).toContain('staff');
    for (const role of STAFF_ROLES.filter((r) => r !== 'owner')) {
      expect(consoleNavFor(role).map((e) => e.path)).not.toContain('staff');
      expect(consoleNavFor(role).map((e) => e.path)).not.toContain('audit');
    }
    for (const role of STAFF_ROLES) expect(consoleNavFor(role)[0]?.path).toBe('overview');
    expect(consoleNavFor('finance').map((e) => e.path)).toEqual(['overview', 'rewards', 'payouts']);
  });

  it('builds the visible path of an area', () => {
    expect(consolePath('acme', 'red-flags')).toBe('/acme/red-flags');
  });
});
