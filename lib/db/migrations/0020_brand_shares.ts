// What a Manufacturer brand shares with a Retailer organisation (issue 12, docs/console.md,
// "Retailer organisations"): a batch may be assigned to the retailer that sells it, and a share
// says which kinds of that batch's records (scans, complaints) the retailer's staff may read.
// Mirrors lib/db/schema/sharing.ts.
export const sql0020 = `
alter table batches add column retailer_client_id text references clients(id) on delete set null;
create index batches_client_retailer_idx on batches (client_id, retailer_client_id) where retailer_client_id is not null;

create table brand_shares (
  brand_client_id text not null references clients(id) on delete cascade,
  retailer_client_id text not null references clients(id) on delete cascade,
  share_scans boolean not null default false,
  share_complaints boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (brand_client_id, retailer_client_id),
  check (brand_client_id <> retailer_client_id)
);
create index brand_shares_retailer_idx on brand_shares (retailer_client_id);
`;
