// Tenancy, identity, sessions, OTPs, rate limits. Mirrors lib/db/schema/core.ts.
export const sql0001 = `
create table clients (
  id text primary key,
  slug text not null unique,
  organization_name text not null,
  organization_type text not null default 'Manufacturer',
  service_status text not null default 'Whitelisted',
  config jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table client_domains (
  domain text primary key,
  client_id text not null references clients(id) on delete cascade
);
create index client_domains_client_idx on client_domains(client_id);

create table customers (
  id text primary key,
  client_id text not null references clients(id) on delete cascade,
  user_name text,
  company_name text,
  gender text not null default 'female',
  dob text,
  vpa text,
  email text,
  mobile text,
  password_hash text,
  address jsonb,
  data_status text not null default 'ACTIVE',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index customers_client_email_uq on customers(client_id, email) where email is not null;
create unique index customers_client_mobile_uq on customers(client_id, mobile) where mobile is not null;

create table sessions (
  id text primary key,
  client_id text not null references clients(id) on delete cascade,
  customer_id text not null references customers(id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  user_agent text
);
create index sessions_customer_idx on sessions(customer_id);

create table otps (
  id text primary key,
  client_id text not null references clients(id) on delete cascade,
  channel text not null,
  target text not null,
  purpose text not null,
  code_hash text not null,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  consumed_at timestamptz,
  created_at timestamptz not null default now()
);
create index otps_lookup_idx on otps(client_id, channel, target, purpose);

create table rate_limits (
  key text not null,
  window_start timestamptz not null,
  count integer not null default 0,
  primary key (key, window_start)
);
`;
