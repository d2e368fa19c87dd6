// The risk reasons of a scan by code and values (issue 30, docs/languages.md): beside the English
// words (risk_reasons, 0012), so the scan's evidence report says them in the downloading
// customer's language. Null for scans before this column and scans without a risk; their report
// prints the English words as before.
export const sql0060 = `
alter table scans add column risk_reason_codes jsonb;
`;
