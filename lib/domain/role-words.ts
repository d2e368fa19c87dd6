import { CONSOLE_AREAS, rolesFor, type ConsoleArea, type StaffRole } from './staff-roles';

// What each staff role may do, in words, for the Staff page (docs/console.md, "Roles"): derived
// from the one roles table (staff-roles.ts), so the words cannot drift from what the API allows.

const AREA_WORDS: Record<ConsoleArea, string> = {
  overview: 'the overview',
  codes: 'codes (blacklisting and deleting them)',
  catalogue: 'products, batches and code generation',
  redFlags: 'red flags (resolving a copy and blacklisting its codes)',
  complaints: 'complaints',
  warranty: 'warranty registrations',
  claims: "customers' claims",
  rewards: 'rewards and scan journeys',
  payouts: 'payouts to customers',
  legal: 'legal documents',
  feedback: "customers' feedback",
  settings: 'brand settings',
  staff: 'the staff and their sessions',
  audit: 'the audit log',
  shared: 'what other brands share with this organisation',
};

export const ROLE_SUMMARY: Record<StaffRole, string> = {
  owner: 'Runs the brand: everything, including the staff and the audit log.',
  manager: 'Runs the catalogue, codes, settings, legal documents and rewards.',
  support: 'Looks after customers: complaints, warranty, claims and red flags.',
  finance: 'Looks after money: reward budgets and payouts.',
  analyst: 'Reads most of the console and changes nothing.',
};

export type RoleInWords = { role: StaffRole; summary: string; changes: string[]; readsOnly: string[] };

/** For a role: the areas it may change, and those it may only read (areas it cannot open are left out). */
export function roleInWords(role: StaffRole): RoleInWords {
  const changes = CONSOLE_AREAS.filter((a) => rolesFor(a, 'write').includes(role));
  const readsOnly = CONSOLE_AREAS.filter((a) => rolesFor(a, 'read').includes(role) && !changes.includes(a));
  return { role, summary: ROLE_SUMMARY[role], changes: changes.map((a) => AREA_WORDS[a]), readsOnly: readsOnly.map((a) => AREA_WORDS[a]) };
}
