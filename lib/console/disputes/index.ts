// Disputed claims for the brand's staff (area claims; docs/console.md "Disputed claims"): the list
// (the table kit: sorted, filtered by state, days, product and batch, counted, exported), one
// dispute with its photo, both claimants and the unit's scans, and the two decisions, each audited
// in the same transaction:
// - move: the unit's claim goes to the disputing customer, with its warranty registration, its
//   scan journey and every reward not yet paid (a cashback whose payout is DEFAULT or NOT_CLAIMED);
//   rewards paid or on their way (a claimed cashback, a coupon already shown) stay where they are;
// - reject: with a reason, which the customer reads.
// Every read is scoped by scope.clientId; another brand's dispute is a 404.

export { disputePhoto } from './dispute-photo';
export { mayExportDisputers, disputeExportHeader, exportDisputes } from './export-disputes';
export { getDispute } from './get-dispute';
export { listDisputes } from './list-disputes';
export { moveDisputedClaim } from './move-disputed-claim';
export { openDisputeCount } from './open-dispute-count';
export { rejectDispute } from './reject-dispute';
