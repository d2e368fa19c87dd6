// Customers' feedback of a brand for the console (issue 12): read-only, through the table kit:
// sorted by when it was given or its rating, filtered by rating, comment, days, product and batch
// (of the unit it was given on), counted with the mean rating, and exported as filtered. Scoped by
// scope.clientId.

export { FEEDBACK_EXPORT_HEADER, exportFeedback } from './export-feedback';
export { listFeedback } from './list-feedback';
