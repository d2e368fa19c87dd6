// Disputed claims (issue 27, docs/verification.md "Disputed claims"): a signed-in customer whose
// post-sale check of a hidden code answered Product Cliamed sends a photo of the pack; the brand's
// staff (the claims area) move the claim to them or reject the dispute, audited. One open dispute
// per customer per unit (the partial unique index); the claimant and claim time are kept as they
// were when the dispute was opened, so the record stays readable after the claim moves.
export const sql0063 = `
create table claim_disputes (
  id text primary key,
  client_id text not null references clients(id) on delete cascade,
  customer_id text not null references customers(id) on delete cascade,
  unit_id text not null,
  code_id text not null references codes(id) on delete cascade,
  claimant_customer_id text references customers(id) on delete set null,
  claimed_at timestamptz,
  purchase text not null default '',
  photo_file_id text not null references files(id),
  status text not null default 'open',
  reason text,
  decided_at timestamptz,
  decided_by text,
  created_at timestamptz not null default now(),
  constraint claim_disputes_status_ck check (status in ('open', 'moved', 'rejected')),
  constraint claim_disputes_purchase_ck check (char_length(purchase) <= 500)
);
create unique index claim_disputes_open_uq on claim_disputes (client_id, customer_id, unit_id) where status = 'open';
create index claim_disputes_client_status_idx on claim_disputes (client_id, status, created_at);
create index claim_disputes_client_customer_idx on claim_disputes (client_id, customer_id, created_at);
create index claim_disputes_client_unit_idx on claim_disputes (client_id, unit_id);
`;
