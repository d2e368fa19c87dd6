// What a Manufacturer brand shares with Retailer organisations (issue 12, docs/console.md,
// "Retailer organisations"), for the console and the command line alike.
// - The brand (scope = the Manufacturer): share with a retailer by its slug, switch each kind
//   (scans, complaints) on or off, stop sharing, and assign a batch to the retailer that sells it.
//   Every change is audited in its transaction.
// - The retailer (scope = the Retailer organisation): the brands sharing with it, and, per brand
//   and only for a kind switched on, the records of that brand's batches assigned to it: scans
//   (when, a coarse place, product, batch, result, risk) and complaints (ticket, product, status,
//   priority, age). Never a customer, device or session. Every query names both organisations.

export { getSharing } from './get-sharing';
export { setBatchRetailer } from './set-batch-retailer';
export { share } from './share';
export { sharedComplaints } from './shared-complaints';
export { sharedScans } from './shared-scans';
export { sharedWithUs } from './shared-with-us';
export { unshare } from './unshare';
