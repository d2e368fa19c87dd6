// Reading a brand's audit log (owner only, docs/console.md): newest first, a page at a time by
// keyset on (at, id), so a page is as quick at the end of a long log as at its start and entries
// written meanwhile neither repeat nor go missing. Filters: the action, the actor (an e-mail, or
// 'command line'), the kind of security event (lib/domain/security-events.ts). The cursor carries `at` to the microsecond, as stored.

export { auditFilterChoices } from './audit-filter-choices';
export { AUDIT_EXPORT_HEADER, exportAuditLog } from './export-audit-log';
export { AUDIT_PAGE_SIZE, listAuditLog, type AuditEntryView, type AuditPage } from './list-audit-log';
