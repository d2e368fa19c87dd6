// The complaints inbox of a brand (issue 12, docs/console.md), for the console and the command
// line alike: the list with its filters and target times, one ticket with its thread, and the
// changes (assign, reply, status) — each a conditional update on the status it was read with,
// audited in the same transaction. Every query is scoped by scope.clientId.

export { assignComplaint, type AssignTo } from './assign-complaint';
export { assignableStaff } from './assignable-staff';
export { bulkComplaints } from './bulk-complaints';
export { complaintAttachment } from './complaint-attachment';
export { COMPLAINT_EXPORT_HEADER, mayExportComplainants, complaintExportHeader, exportComplaints } from './export-complaints';
export { getComplaint } from './get-complaint';
export { listComplaints } from './list-complaints';
export { replyComplaint } from './reply-complaint';
export { setComplaintStatus } from './set-complaint-status';
