// Manual payout settlement (docs/after-sales.md), for the console's Payouts area and the command
// line (export-payouts, import-bank-results, retry-payout, list-payouts): export the claimed
// payouts as the bank's bulk-transfer CSV, import the bank's result CSV, retry failed payouts
// under the same reference. Every move is a conditional update on the expected status; an import
// applies all of its rows or none; each is audited in its transaction.

export { mayDownloadPayouts, PAYOUT_LIST_HEADER, exportPayoutList } from './export-payout-list';
export { exportPayouts, type PayoutExport } from './export-payouts';
export { importBankResults } from './import-bank-results';
export { listPayouts } from './list-payouts';
export { retryPayout } from './retry-payout';
export type { PayoutFilter } from './shared';
