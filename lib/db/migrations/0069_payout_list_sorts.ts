// The console's payouts list sorts by when a payout was made and when it last changed (the table
// kit, docs/console.md, "Lists"): a page, and each keyset page of its CSV, reads these indexes from
// the brand's first row of the order. Mirrors lib/db/schema/aftersales.ts
// (payouts_client_created_idx, payouts_client_updated_idx).
export const sql0069 = `
create index payouts_client_created_idx on payouts (client_id, created_at, id);
create index payouts_client_updated_idx on payouts (client_id, updated_at, id);
`;
