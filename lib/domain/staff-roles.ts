// Staff roles of the brand console and what each may read and change, by area (issue 12,
// docs/console.md). Pure: the API's staff access class, the console's navigation and the attack
// suite read the same table.

export const STAFF_ROLES = ['owner', 'manager', 'support', 'finance', 'analyst'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const CONSOLE_AREAS = [
  'overview',
  'codes',
  'catalogue',
  'redFlags',
  'complaints',
  'warranty',
  'claims',
  'rewards',
  'payouts',
  'legal',
  'feedback',
  'settings',
  'staff',
  'audit',
  /** A Retailer organisation's view of what Manufacturer brands share with it (docs/console.md). */
  'shared',
] as const;
export type ConsoleArea = (typeof CONSOLE_AREAS)[number];

/**
 * Who may change each area. The owner may change everything; the analyst nothing.
 * manager: catalogue, codes, settings, legal, rewards and journeys; support: complaints, warranty,
 * a customer's claims (and red flags, which customers raise); finance: rewards budgets, payouts.
 */
const WRITERS: Record<ConsoleArea, readonly StaffRole[]> = {
  overview: [],
  codes: ['owner', 'manager'],
  catalogue: ['owner', 'manager'],
  redFlags: ['owner', 'manager', 'support'],
  complaints: ['owner', 'support'],
  warranty: ['owner', 'support'],
  claims: ['owner', 'support'],
  rewards: ['owner', 'manager', 'finance'],
  payouts: ['owner', 'finance'],
  legal: ['owner', 'manager'],
  feedback: [],
  settings: ['owner', 'manager'],
  staff: ['owner'],
  audit: [],
  shared: [],
};

/** Who may read each area: its writers, the analyst (read-only everywhere but staff and audit), and everyone for the overview. */
const READERS: Record<ConsoleArea, readonly StaffRole[]> = {
  overview: STAFF_ROLES,
  codes: ['owner', 'manager', 'support', 'analyst'],
  catalogue: ['owner', 'manager', 'support', 'analyst'],
  redFlags: ['owner', 'manager', 'support', 'analyst'],
  complaints: ['owner', 'manager', 'support', 'analyst'],
  warranty: ['owner', 'manager', 'support', 'analyst'],
  claims: ['owner', 'support', 'analyst'],
  rewards: ['owner', 'manager', 'finance', 'analyst'],
  payouts: ['owner', 'finance', 'analyst'],
  legal: ['owner', 'manager', 'support', 'analyst'],
  feedback: ['owner', 'manager', 'support', 'analyst'],
  settings: ['owner', 'manager', 'analyst'],
  staff: ['owner'],
  audit: ['owner'],
  shared: ['owner', 'manager', 'support', 'analyst'],
};

export type AreaAccess = 'read' | 'write';

export function rolesFor(area: ConsoleArea, access: AreaAccess): readonly StaffRole[] {
  return access === 'write' ? WRITERS[area] : READERS[area];
}

export function roleMay(role: StaffRole, area: ConsoleArea, access: AreaAccess): boolean {
  return rolesFor(area, access).includes(role);
}

export const isStaffRole = (value: unknown): value is StaffRole => typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);

/**
 * The roles that print codes, the only ones that see a code's secrets (docs/console.md "Secrets
 * by role"): the hidden (covert) codes and the authentication codes, in the codes.csv and PDF
 * downloads, the code lists and a code's page. They are the writers of codes and catalogue.
 */
export const PRINTING_ROLES: readonly StaffRole[] = ['owner', 'manager'];
export const rolePrints = (role: StaffRole): boolean => PRINTING_ROLES.includes(role);
