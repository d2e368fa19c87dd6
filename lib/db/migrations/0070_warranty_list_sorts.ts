// The console's warranty registrations sort by when they were registered and when their cover
// ends (the table kit, docs/console.md, "Lists"): a page, and each keyset page of its CSV, reads
// these indexes from the brand's first row of the order. Mirrors lib/db/schema/aftersales.ts
// (warranties_client_created_idx, warranties_client_ends_idx).
export const sql0070 = `
create index warranties_client_created_idx on warranties (client_id, created_at, id);
create index warranties_client_ends_idx on warranties (client_id, ends_on, id);
`;
