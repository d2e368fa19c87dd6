// The brand's codes (docs/console.md, "Codes"): find them, read one code's story, blacklist,
// whitelist again or delete. The console and the command line (npm run brand blacklist-code,
// delete-code) call the same functions; each change is audited in its own transaction.

export { blacklistCodesOf } from './blacklist-codes';
export { CODE_PAGE_SCANS, seesClaimants, codeDetail } from './code-detail';
export { codeTimeline } from './code-timeline';
export { deleteCodeOf } from './delete-code';
export { CODE_EXPORT_HEADER, exportCodes } from './export-codes';
export { LEVEL_NAMES, brandOrigin, listPrintedCodes } from './list-printed-codes';
export { recordTrackingEventOf } from './record-tracking-event';
export { requireCodeByQrId } from './require-code-by-qr-id';
export { searchCodes } from './search-codes';
export { setCodeBlacklisted } from './set-code-blacklisted';
export { seesCodeSecrets } from './shared';
export { unitTimeline } from './unit-timeline';
