// Account security (docs/security.md, "Accounts"): a customer's contact counts as verified once a
// code sent to it was used; sessions end after a time without use. Mirrors lib/db/schema/core.ts.
// Accounts that never had a password were made and used by code only, so their contact is
// verified; so is every account of a brand that took a code at sign-up (registration codes on)
// or signs in without passwords: those accounts were made with a code sent to the contact. Any
// other account with a password may have been registered by someone else and stays unverified
// until a code sent to its contact is used. Consecutive failed passwords and codes are
// counted per contact (auth_failures).
export const sql0006 = `
alter table customers add column contact_verified_at timestamptz;
update customers set contact_verified_at = created_at where password_hash is null;
update customers c set contact_verified_at = c.created_at
  from clients cl
  where cl.id = c.client_id
    and c.contact_verified_at is null
    and (cl.config #>> '{otpServices,isRegistartionOtpEnabled}' = 'true'
      or cl.config #>> '{otpServices,is_No_Password_Flow_Enabled}' = 'true');

alter table sessions add column last_seen_at timestamptz not null default now();
create index sessions_expires_idx on sessions(expires_at);

-- Consecutive failed proofs per contact (lib/api/auth/failures.ts), known or not.
create table auth_failures (
  client_id text not null references clients(id) on delete cascade,
  subject text not null,
  consecutive integer not null default 0,
  updated_at timestamptz not null default now(),
  primary key (client_id, subject)
);
`;
