// Downloads of a batch's codes: CSV (for a printer's data merge) and a print-ready A4 PDF sheet
// of QR codes, each encoding the full verify URL on the brand's domain; the console's downloads
// and the command line's export-codes and export-pdf alike. They carry the hidden and
// authentication codes, so only the roles that print take them (PRINTING_ROLES,
// lib/domain/staff-roles.ts; the route's access says so too), and each is audited as codes.export
// with its scope (batch, format, levels, count).

export { batchCodesCsv } from './batch-codes-csv';
export { batchCodesPdf } from './batch-codes-pdf';
export { codesCsv } from './codes-csv';
export { printableCodes } from './printable-codes';
export { recordCodesExport } from './record-codes-export';
export { renderCodesPdf } from './render-codes-pdf';
