// Upload quota reservations (lib/api/aftersales/upload-quota.ts): bytes an upload in flight may
// still store, written before its body streams and removed once its files rows are in (or it
// failed). Once the body is read it names its stored objects (storage_keys), so a files row
// already inserted for one of them is not counted twice. The quota check counts them with the stored files, under an advisory lock per brand,
// so concurrent uploads cannot pass a quota together. A reservation left by a crash stops
// counting at expires_at. Mirrors lib/db/schema/aftersales.ts.
export const sql0008 = `
create table upload_reservations (
  id text primary key,
  client_id text not null references clients(id) on delete cascade,
  customer_id text not null references customers(id) on delete cascade,
  bytes bigint not null check (bytes >= 0),
  storage_keys text[] not null default '{}',
  expires_at timestamptz not null
);
create index upload_reservations_client_idx on upload_reservations(client_id, expires_at);
`;
