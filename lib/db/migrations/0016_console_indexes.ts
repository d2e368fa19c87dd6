// Indexes for the console's reads at scale (docs/console.md, docs/benchmarks.md "Console"): the
// overview counts a range of a brand's scans by day, result, risk and place, read from the
// (client_id, at) index alone (its INCLUDE columns) instead of visiting every scan's row; the
// codes search pages through a brand's codes, or a batch's, in id order (keyset). Mirrors
// lib/db/schema/codes.ts.
export const sql0016 = `
drop index scans_client_at_idx;
create index scans_client_at_idx on scans (client_id, at) include (result, risk, lat, lng, code_id);
create index codes_client_id_idx on codes (client_id, id);
drop index codes_client_batch_idx;
create index codes_client_batch_idx on codes (client_id, batch_id, id);
`;
