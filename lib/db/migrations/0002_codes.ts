// Catalogue, codes, claims, scans, tracking events and reports (DESIGN.md section 4).
// Mirrors lib/db/schema/codes.ts. A unit is identified by codes.pair_id, shared by its overt
// and covert codes; claims are keyed by that unit id, so the primary key makes a claim exactly-once.
export const sql0002 = `
create table products (
  id text primary key,
  client_id text not null references clients(id) on delete cascade,
  name text not null,
  description text not null default '',
  images jsonb not null default '[]',
  attributes jsonb not null default '[]',
  warranty_months integer not null default 0,
  status text not null default 'ACTIVE',
  created_at timestamptz not null default now()
);
create index products_client_idx on products(client_id, created_at);

create table batches (
  id text primary key,
  client_id text not null references clients(id) on delete cascade,
  product_id text not null references products(id) on delete cascade,
  batch_number text not null,
  mfg_date date,
  expiry_date date,
  created_at timestamptz not null default now()
);
create unique index batches_client_number_uq on batches(client_id, upper(batch_number));
create index batches_client_product_idx on batches(client_id, product_id);

create table codes (
  id text primary key,
  client_id text not null references clients(id) on delete cascade,
  qr_id text not null,
  level smallint not null check (level in (6, 7, 8, 9)),
  product_id text not null references products(id) on delete cascade,
  batch_id text not null references batches(id) on delete cascade,
  pair_id text,
  parent_code_id text references codes(id) on delete set null,
  is_batch_level boolean not null default false,
  status text not null default 'ACTIVE',
  list_status text not null default 'Whitelisted',
  auth_code text,
  created_at timestamptz not null default now()
);
create unique index codes_qr_id_uq on codes(qr_id);
create unique index codes_client_auth_code_uq on codes(client_id, auth_code) where auth_code is not null;
create index codes_client_batch_idx on codes(client_id, batch_id);
create index codes_client_pair_idx on codes(client_id, pair_id) where pair_id is not null;
create index codes_client_parent_idx on codes(client_id, parent_code_id) where parent_code_id is not null;

create table claims (
  unit_id text primary key,
  client_id text not null references clients(id) on delete cascade,
  customer_id text not null references customers(id) on delete cascade,
  claimed_at timestamptz not null default now()
);
create index claims_client_customer_idx on claims(client_id, customer_id, claimed_at);

create table scans (
  id text primary key,
  client_id text not null references clients(id) on delete cascade,
  code_id text references codes(id) on delete set null,
  unit_key text,
  qr_id_raw text not null,
  customer_id text references customers(id) on delete set null,
  at timestamptz not null default now(),
  kind text not null,
  layer smallint not null,
  result text not null,
  lat double precision,
  lng double precision,
  ip_hash text
);
create index scans_client_at_idx on scans(client_id, at);
create index scans_client_unit_idx on scans(client_id, unit_key, at) where unit_key is not null;
create index scans_client_code_idx on scans(client_id, code_id, at) where code_id is not null;

create table tracking_events (
  id text primary key,
  client_id text not null references clients(id) on delete cascade,
  code_id text not null references codes(id) on delete cascade,
  stage text not null,
  place text not null,
  at timestamptz not null,
  created_at timestamptz not null default now()
);
create index tracking_events_client_code_idx on tracking_events(client_id, code_id, at);

create table reports (
  id text primary key,
  client_id text not null references clients(id) on delete cascade,
  customer_id text references customers(id) on delete set null,
  qr_id_raw text,
  code_id text references codes(id) on delete set null,
  description text not null,
  lat double precision,
  lng double precision,
  photo bytea,
  photo_type text,
  created_at timestamptz not null default now()
);
create index reports_client_idx on reports(client_id, created_at);
`;
