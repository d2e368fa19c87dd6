// Warranty registrations of a brand for the console (issue 12): list with filters and one
// registration with its customer, product, dates and invoice. Read-only; every query is scoped
// by scope.clientId.

export { mayDownloadWarranties, WARRANTY_EXPORT_HEADER, exportWarranties } from './export-warranties';
export { getWarranty } from './get-warranty';
export { listWarranties } from './list-warranties';
export { warrantyInvoice } from './warranty-invoice';
