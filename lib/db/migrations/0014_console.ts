// The brand console (issue 12, docs/console.md): staff accounts, memberships of brands with a
// role, staff sessions, one-time tokens (invitations, resets) and the audit log. Mirrors
// lib/db/schema/console.ts.
export const sql0014 = `
create table staff (
  id text primary key,
  email text not null,
  name text not null default '',
  password_hash text,
  totp_secret text,
  totp_enabled_at timestamptz,
  totp_last_step integer,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  disabled_at timestamptz
);
create unique index staff_email_uq on staff (email);

create table staff_memberships (
  staff_id text not null references staff(id) on delete cascade,
  client_id text not null references clients(id) on delete cascade,
  role text not null check (role in ('owner', 'manager', 'support', 'finance', 'analyst')),
  created_at timestamptz not null default now(),
  primary key (staff_id, client_id)
);
create index staff_memberships_client_idx on staff_memberships (client_id);

create table staff_sessions (
  id text primary key,
  staff_id text not null references staff(id) on delete cascade,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  second_factor_at timestamptz,
  address text,
  user_agent text
);
create index staff_sessions_staff_idx on staff_sessions (staff_id);

create table staff_tokens (
  token_hash text primary key,
  kind text not null check (kind in ('invitation', 'reset')),
  email text not null,
  client_id text references clients(id) on delete cascade,
  role text check (role is null or role in ('owner', 'manager', 'support', 'finance', 'analyst')),
  invited_by text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index staff_tokens_email_idx on staff_tokens (email);

create table audit_log (
  id text primary key,
  client_id text not null references clients(id) on delete cascade,
  at timestamptz not null default now(),
  staff_id text,
  actor text not null,
  action text not null,
  target text not null default '',
  before jsonb,
  after jsonb
);
create index audit_log_client_at_idx on audit_log (client_id, at);
create index audit_log_client_action_idx on audit_log (client_id, action);
`;
