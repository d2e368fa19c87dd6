// Customers' reports of suspicious products (POST /api/report, the /report form) for the brand,
// through the table kit (docs/console.md, "Lists"): sorted by when they were sent or the code
// given; filtered by days, product and batch (of the code the customer gave, when it is
// one of the brand's), place (by name) and whether an evidence report came with them; counted and
// exported as filtered. A reference counts only when it names one of this brand's scans, so a
// reference typed by hand, or of another brand, is shown as plain text in the description and
// nothing more. Every read is scoped by scope.clientId.

export { REPORT_EXPORT_HEADER, exportReports } from './export-reports';
export { listReports } from './list-reports';
export { reportPhoto } from './report-photo';
