// The console's catalogue (issue 12, docs/console.md): product images uploaded by staff (the bytes
// in the file store, lib/files) and code-generation runs, the background job a large run is
// (its progress polled by the console page, kept across page reloads). Mirrors
// lib/db/schema/catalogue-console.ts.
export const sql0018 = `
create table product_images (
  id text primary key,
  client_id text not null references clients(id) on delete cascade,
  content_type text not null,
  size integer not null,
  sha256 text not null,
  original_name text not null,
  storage_key text not null,
  created_at timestamptz not null default now()
);
create index product_images_client_idx on product_images (client_id, created_at);

create table code_runs (
  id text primary key,
  client_id text not null references clients(id) on delete cascade,
  batch_id text not null references batches(id) on delete cascade,
  options jsonb not null,
  total integer not null,
  done integer not null default 0,
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
  error text,
  actor text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  finished_at timestamptz
);
create index code_runs_client_batch_idx on code_runs (client_id, batch_id, created_at);
`;
