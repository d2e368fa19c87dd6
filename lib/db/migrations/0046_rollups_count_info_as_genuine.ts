// The overview counts a scan of the default printed link (the anonymous info page, result Info)
// as a genuine check (docs/console.md, "Overview"); the daily rollups counted before that counted
// it among other results. They are forgotten here, so the first overview of each day counts it
// again from its scans with the new rule (lib/db/scan-rollups.ts): nothing is lost, the scans
// are the record.
export const sql0046 = `
delete from scan_day_rollups;
delete from scan_rollup_days;
`;
