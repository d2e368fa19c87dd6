// Versioned legal documents, acknowledgements and cookie consents (docs/legal-and-embedding.md).
// Mirrors lib/db/schema/legal.ts. Acknowledgements and consents are append-only evidence of what
// a customer accepted: a trigger refuses any UPDATE; rows go only when their brand or customer
// row itself is deleted (cascade). Account erasure keeps the customer row (anonymised), so the
// records stay: they hold no personal data beyond the customer id.
export const sql0003 = `
create table legal_documents (
  id text primary key,
  client_id text not null references clients(id) on delete cascade,
  document_type text not null check (document_type in ('Terms & Conditions', 'Privacy Policy', 'Cookie Policy')),
  version integer not null check (version > 0),
  format text not null check (format in ('markdown', 'pdf')),
  content_text text,
  content_bytes bytea,
  published_at timestamptz not null default now(),
  check ((format = 'markdown' and content_text is not null and content_bytes is null)
      or (format = 'pdf' and content_bytes is not null and content_text is null))
);
create unique index legal_documents_version_uq on legal_documents(client_id, document_type, version);

create table legal_acknowledgements (
  id text primary key,
  client_id text not null references clients(id) on delete cascade,
  customer_id text not null references customers(id) on delete cascade,
  user_id_type text not null check (user_id_type = 'customer'),
  document_id text not null references legal_documents(id) on delete cascade,
  document_type text not null,
  version integer not null,
  acknowledged_at timestamptz not null default now()
);
create index legal_acknowledgements_customer_idx on legal_acknowledgements(client_id, customer_id, document_id);

create table cookie_consents (
  id text primary key,
  client_id text not null references clients(id) on delete cascade,
  customer_id text not null references customers(id) on delete cascade,
  given_at timestamptz not null default now()
);
create index cookie_consents_customer_idx on cookie_consents(client_id, customer_id);

create function refuse_update_append_only() returns trigger language plpgsql as $fn$
begin
  raise exception '% is append-only', tg_table_name;
end;
$fn$;
create trigger legal_acknowledgements_append_only before update on legal_acknowledgements
  for each row execute function refuse_update_append_only();
create trigger cookie_consents_append_only before update on cookie_consents
  for each row execute function refuse_update_append_only();
`;
