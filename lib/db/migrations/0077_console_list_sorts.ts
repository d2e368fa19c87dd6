// The console's lists sort their codes by when they were made and by code id (the table kit,
// docs/console.md, "Lists"): a page, and each keyset page of a CSV export, reads these indexes
// from the brand's first row of the order, not every code of the brand. Mirrors
// lib/db/schema/codes.ts (codes_client_created_idx, codes_client_qr_idx).
export const sql0077 = `
create index codes_client_created_idx on codes (client_id, created_at, id);
create index codes_client_qr_idx on codes (client_id, qr_id, id);
`;
