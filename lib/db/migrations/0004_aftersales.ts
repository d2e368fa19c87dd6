// After-sales: files, warranties, scan journeys, rewards and payouts, complaints, feedback
// (DESIGN.md section 5, docs/after-sales.md). Mirrors lib/db/schema/aftersales.ts.
export const sql0004 = `
create table files (
  id text primary key,
  client_id text not null references clients(id) on delete cascade,
  customer_id text not null references customers(id) on delete cascade,
  media_type text not null check (media_type in ('image', 'video', 'pdf')),
  content_type text not null,
  size integer not null check (size > 0),
  original_name text not null,
  sha256 text not null,
  bytes bytea not null,
  created_at timestamptz not null default now()
);
create index files_client_customer_idx on files(client_id, customer_id);

create table warranties (
  id text primary key,
  client_id text not null references clients(id) on delete cascade,
  customer_id text not null references customers(id) on delete cascade,
  unit_id text not null references claims(unit_id) on delete cascade,
  product_id text not null references products(id) on delete cascade,
  purchase_date date not null,
  invoice_file_id text not null references files(id),
  starts_on date not null,
  ends_on date not null,
  status text not null default 'REGISTERED' check (status in ('REGISTERED', 'VOID')),
  created_at timestamptz not null default now()
);
create unique index warranties_unit_uq on warranties(unit_id);
create index warranties_client_customer_idx on warranties(client_id, customer_id);

create table journeys (
  id text primary key,
  client_id text not null references clients(id) on delete cascade,
  product_id text not null references products(id) on delete cascade,
  updated_at timestamptz not null default now()
);
create unique index journeys_client_product_uq on journeys(client_id, product_id);

create table journey_steps (
  id text primary key,
  client_id text not null references clients(id) on delete cascade,
  journey_id text not null references journeys(id) on delete cascade,
  position integer not null check (position >= 0),
  type text not null check (type in ('INFO', 'DECISION', 'INPUT', 'REWARD')),
  title text not null,
  config jsonb not null default '{}'
);
create unique index journey_steps_position_uq on journey_steps(journey_id, position);

create table journey_runs (
  id text primary key,
  client_id text not null references clients(id) on delete cascade,
  customer_id text not null references customers(id) on delete cascade,
  journey_id text not null references journeys(id) on delete cascade,
  unit_id text not null references claims(unit_id) on delete cascade,
  next_position integer not null default 0,
  started_at timestamptz not null default now(),
  completed_at timestamptz
);
create unique index journey_runs_journey_unit_uq on journey_runs(journey_id, unit_id);
create index journey_runs_client_customer_idx on journey_runs(client_id, customer_id);

create table journey_answers (
  id text primary key,
  client_id text not null references clients(id) on delete cascade,
  customer_id text not null references customers(id) on delete cascade,
  run_id text not null references journey_runs(id) on delete cascade,
  step_id text not null references journey_steps(id) on delete cascade,
  value jsonb not null,
  answered_at timestamptz not null default now()
);
create unique index journey_answers_run_step_uq on journey_answers(run_id, step_id);

create table rewards (
  id text primary key,
  client_id text not null references clients(id) on delete cascade,
  name text not null,
  description text not null default '',
  type text not null check (type in ('Cashback', 'Coupon')),
  amount integer check (amount is null or amount > 0),
  coupon_code text,
  budget_total integer not null check (budget_total >= 0),
  budget_used integer not null default 0 check (budget_used >= 0 and budget_used <= budget_total),
  per_customer_limit integer not null default 1 check (per_customer_limit >= 1),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  check ((type = 'Cashback' and amount is not null) or (type = 'Coupon' and amount is null))
);
create index rewards_client_idx on rewards(client_id, created_at);

create table reward_grants (
  id text primary key,
  client_id text not null references clients(id) on delete cascade,
  customer_id text not null references customers(id) on delete cascade,
  reward_id text not null references rewards(id) on delete cascade,
  unit_id text not null references claims(unit_id) on delete cascade,
  product_id text not null references products(id) on delete cascade,
  run_id text references journey_runs(id) on delete set null,
  coupon_code text,
  created_at timestamptz not null default now()
);
create unique index reward_grants_reward_unit_uq on reward_grants(reward_id, unit_id);
create index reward_grants_client_customer_idx on reward_grants(client_id, customer_id, reward_id);

create table coupon_pool (
  id text primary key,
  client_id text not null references clients(id) on delete cascade,
  reward_id text not null references rewards(id) on delete cascade,
  code text not null,
  grant_id text references reward_grants(id) on delete set null,
  assigned_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index coupon_pool_reward_code_uq on coupon_pool(reward_id, code);
create unique index coupon_pool_grant_uq on coupon_pool(grant_id) where grant_id is not null;
create index coupon_pool_free_idx on coupon_pool(reward_id, id) where grant_id is null;

create table payouts (
  id text primary key,
  client_id text not null references clients(id) on delete cascade,
  customer_id text not null references customers(id) on delete cascade,
  grant_id text not null references reward_grants(id) on delete cascade,
  amount integer not null check (amount > 0),
  vpa text,
  status text not null default 'DEFAULT' check (status in ('DEFAULT', 'NOT_CLAIMED', 'TRANSFER_PENDING', 'PENDING_AT_BANK', 'TRANSFER_COMPLETED', 'TRANSFER_FAILED')),
  reference text not null,
  idempotency_key text,
  bank_ref text,
  failure_reason text,
  attempts integer not null default 0,
  created_at timestamptz not null default now(),
  claimed_at timestamptz,
  exported_at timestamptz,
  settled_at timestamptz,
  updated_at timestamptz not null default now()
);
create unique index payouts_grant_uq on payouts(grant_id);
create unique index payouts_reference_uq on payouts(reference);
create unique index payouts_customer_idempotency_uq on payouts(customer_id, idempotency_key) where idempotency_key is not null;
create index payouts_client_customer_idx on payouts(client_id, customer_id, created_at);
create index payouts_client_status_idx on payouts(client_id, status);

create table ticket_counters (
  client_id text primary key references clients(id) on delete cascade,
  last_number integer not null
);

create table complaints (
  id text primary key,
  client_id text not null references clients(id) on delete cascade,
  customer_id text not null references customers(id) on delete cascade,
  ticket_id text not null,
  unit_id text references claims(unit_id) on delete set null,
  product_id text references products(id) on delete set null,
  category text not null,
  priority text not null,
  description text not null,
  attachment_ids jsonb not null default '[]',
  status text not null default 'unassigned' check (status in ('unassigned', 'open', 'inprogress', 'closed')),
  assignee text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index complaints_client_ticket_uq on complaints(client_id, ticket_id);
create index complaints_client_customer_idx on complaints(client_id, customer_id, created_at);
create index complaints_client_status_idx on complaints(client_id, status, created_at);

create table complaint_messages (
  id text primary key,
  client_id text not null references clients(id) on delete cascade,
  complaint_id text not null references complaints(id) on delete cascade,
  author text not null check (author in ('customer', 'brand')),
  author_name text,
  body text not null,
  at timestamptz not null default now()
);
create index complaint_messages_complaint_idx on complaint_messages(client_id, complaint_id, at);

create table feedback (
  id text primary key,
  client_id text not null references clients(id) on delete cascade,
  customer_id text not null references customers(id) on delete cascade,
  unit_id text references claims(unit_id) on delete set null,
  rating smallint not null check (rating between 1 and 5),
  comment text not null default '',
  created_at timestamptz not null default now()
);
create index feedback_client_idx on feedback(client_id, created_at);
`;
