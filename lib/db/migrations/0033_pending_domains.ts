// A domain a brand's staff add in the console is pending until the operator approves it
// (`npm run brand -- approve-domain`, docs/console.md "Domains"): a pending domain serves nothing
// (no brand is found by it, no printed link uses it). Domains added by the operator, and every
// domain there was before, are serving.
export const sql0033 = `
alter table client_domains add column status text not null default 'serving';
alter table client_domains add constraint client_domains_status_check check (status in ('serving', 'pending'));
alter table client_domains add column added_at timestamptz not null default now();
`;
