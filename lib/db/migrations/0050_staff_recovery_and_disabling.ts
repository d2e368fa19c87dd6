// Issue 28: a staff account's ten recovery codes, and disabling a member at one brand
// (docs/console.md, "Second factor" and "Staff"). Mirrors lib/db/schema/console.ts.
// - staff_recovery_codes: one row per code, stored only as its keyed hash (HMAC-SHA-256 under a
//   key derived from the session secret, lib/auth/recovery-codes.ts), used once (used_at set by a
//   conditional update); a new set replaces the old rows.
// - staff_memberships.disabled_at: a disabled membership lets nothing through at that brand; the
//   account and its other brands are untouched. disabled_by names the owner who did it.
export const sql0050 = `
create table staff_recovery_codes (
  staff_id text not null references staff(id) on delete cascade,
  code_hash text not null,
  created_at timestamptz not null default now(),
  used_at timestamptz,
  primary key (staff_id, code_hash)
);
alter table staff_memberships add column disabled_at timestamptz;
alter table staff_memberships add column disabled_by text;
`;
