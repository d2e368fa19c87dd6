import { roleMay, type ConsoleArea, type StaffRole } from '@/lib/domain/staff-roles';

// The console's navigation (docs/console.md): one entry per area, in this order, each shown only
// to the roles that may read it. The area's page is app/(console)/console/[brand]/<path>/page.tsx,
// seen on the console host at /<brand>/<path>. Claims are shown within codes and complaints; their
// one entry is the disputed claims (customers who say a claimed hidden code is theirs).

export type ConsoleNavEntry = { area: ConsoleArea; label: string; path: string };

export const CONSOLE_NAV: readonly ConsoleNavEntry[] = [
  { area: 'overview', label: 'Overview', path: 'overview' },
  { area: 'codes', label: 'Codes', path: 'codes' },
  { area: 'catalogue', label: 'Catalogue', path: 'catalogue' },
  { area: 'redFlags', label: 'Red flags', path: 'red-flags' },
  { area: 'claims', label: 'Disputed claims', path: 'disputes' },
  { area: 'complaints', label: 'Complaints', path: 'complaints' },
  { area: 'warranty', label: 'Warranty', path: 'warranty' },
  { area: 'rewards', label: 'Rewards', path: 'rewards' },
  { area: 'payouts', label: 'Payouts', path: 'payouts' },
  { area: 'legal', label: 'Legal', path: 'legal' },
  { area: 'feedback', label: 'Feedback', path: 'feedback' },
  { area: 'settings', label: 'Settings', path: 'settings' },
  { area: 'staff', label: 'Staff', path: 'staff' },
  { area: 'audit', label: 'Audit log', path: 'audit' },
  { area: 'shared', label: 'Shared with us', path: 'shared' },
];

/** The entries a role sees at an organisation; "Shared with us" only at a Retailer organisation. */
export function consoleNavFor(role: StaffRole, organizationType: 'Manufacturer' | 'Retailer' = 'Manufacturer'): ConsoleNavEntry[] {
  return CONSOLE_NAV.filter((e) => roleMay(role, e.area, 'read') && (e.area !== 'shared' || organizationType === 'Retailer'));
}

/** The visible URL path of an area of a brand on the console host. */
export const consolePath = (brandSlug: string, areaPath: string) => `/${brandSlug}/${areaPath}`;

/** Console screens outside any brand (their paths on the console host). */
export const CONSOLE_SIGN_IN_PATH = '/sign-in';
export const CONSOLE_SECOND_FACTOR_PATH = '/second-factor';
export const CONSOLE_ENROL_PATH = '/enrol';
export const CONSOLE_RESET_PATH = '/reset';
