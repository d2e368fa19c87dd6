// Uploaded bytes move out of the database into the file store (lib/files: DATA_DIR/files or an
// S3 bucket): files rows keep the store key; rows written before keep their bytes and are still
// served from them. erased_at marks a file erased with its owner's account (bytes, key and name
// gone, the row kept for the warranty that points at it). Report photos become files rows too.
// A key whose object still has to be removed from the store waits in file_deletions, so an
// erasure that commits is finished even if the store was down at that moment.
// Mirrors lib/db/schema/aftersales.ts and codes.ts.
export const sql0007 = `
alter table files add column storage_key text;
alter table files add column erased_at timestamptz;
alter table files alter column bytes drop not null;
alter table files drop constraint if exists files_size_check;
alter table files add constraint files_size_check check (size >= 0);
alter table files add constraint files_bytes_somewhere check (bytes is not null or storage_key is not null or erased_at is not null);

alter table reports add column photo_file_id text references files(id);

create table file_deletions (
  storage_key text primary key,
  created_at timestamptz not null default now()
);
`;
