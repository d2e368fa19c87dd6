// Anything the command line can do, an owner can do in the console (issue 12). For each operator
// command (lib/operator/commands.ts) either the console endpoints that do the same through the
// same use case, or why it is the deployment's and not a brand owner's. A unit test
// (tests/unit/console/cli-parity.test.ts) fails when a command has no entry here or an entry names
// an endpoint the API's OpenAPI document does not list. docs/console.md carries the same table.

/** "METHOD /console/brands/{brand}/…", as the OpenAPI document lists it (without /api). */
export type ConsoleEndpoint = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /console/${string}`;

export type ParityEntry =
  /** The console does the same: these endpoints (and the screen that calls them). */
  | { console: ConsoleEndpoint[]; screen: string; note?: string }
  /** The deployment's operator, not a brand owner. */
  | { deployment: string };

const b = '/console/brands/{brand}';

export const cliParity: Record<string, ParityEntry> = {
  create: { deployment: 'Creating a brand is the deployment operator\'s: a brand owner exists only once the brand does.' },
  list: { deployment: 'Lists every brand of the deployment; an owner sees only their own brand.' },
  'set-status': { deployment: 'Whitelisting or blacklisting a whole brand\'s service is the deployment operator\'s decision.' },
  'set-config': { console: [`GET ${b}/settings`, `PATCH ${b}/settings`], screen: 'Brand settings' },
  'add-domain': { console: [`POST ${b}/settings/domains`], screen: 'Brand settings' },
  'approve-domain': { deployment: 'Approving a domain is the deployment operator\'s: a domain added in the console serves nothing until whoever runs the deployment has checked the brand owns it.' },
  'remove-domain': { console: [`POST ${b}/settings/domains/remove`], screen: 'Brand settings' },
  'publish-legal': { console: [`POST ${b}/legal/documents`], screen: 'Legal' },
  'list-legal': { console: [`GET ${b}/legal/documents`, `GET ${b}/legal/documents/{documentId}`], screen: 'Legal' },
  'create-product': { console: [`POST ${b}/catalogue/products`, `POST ${b}/catalogue/images`], screen: 'Catalogue' },
  'list-products': { console: [`GET ${b}/catalogue/products`], screen: 'Catalogue' },
  'create-batch': { console: [`POST ${b}/catalogue/batches`], screen: 'Catalogue' },
  'generate-codes': { console: [`POST ${b}/catalogue/batches/{batchId}/code-runs`, `GET ${b}/catalogue/code-runs/{runId}`], screen: 'Catalogue' },
  'list-codes': { console: [`GET ${b}/codes`], screen: 'Codes' },
  'export-codes': { console: [`GET ${b}/catalogue/batches/{batchId}/codes.csv`], screen: 'Catalogue' },
  'export-pdf': { console: [`GET ${b}/catalogue/batches/{batchId}/codes.pdf`], screen: 'Catalogue' },
  'blacklist-code': { console: [`POST ${b}/codes/{qrId}/blacklist`, `POST ${b}/codes/{qrId}/whitelist`], screen: 'Codes (a code\'s page)' },
  'delete-code': { console: [`DELETE ${b}/codes/{qrId}`], screen: 'Codes (a code\'s page)' },
  'record-tracking-event': { console: [`POST ${b}/codes/{qrId}/tracking`], screen: 'Codes (a code\'s page)' },
  'list-scans': {
    console: [`GET ${b}/codes/{qrId}`],
    screen: 'Codes (a code\'s page)',
    note: 'The code\'s page shows its unit\'s scans as a timeline (oldest first) with session, coarse place and risk.',
  },
  'code-timeline': { console: [`GET ${b}/codes/{qrId}`], screen: 'Codes (a code\'s page)' },
  'create-reward': { console: [`POST ${b}/rewards`], screen: 'Rewards' },
  'list-rewards': { console: [`GET ${b}/rewards`], screen: 'Rewards' },
  'set-reward-active': { console: [`PATCH ${b}/rewards/{rewardId}`], screen: 'Rewards' },
  'upload-coupons': { console: [`POST ${b}/rewards/{rewardId}/coupons`], screen: 'Rewards' },
  'set-journey': { console: [`GET ${b}/journeys`, `PUT ${b}/journeys/{productId}`], screen: 'Rewards (scan journeys)' },
  'list-payouts': { console: [`GET ${b}/payouts`], screen: 'Payouts' },
  'export-payouts': { console: [`POST ${b}/payouts/export`], screen: 'Payouts' },
  'import-bank-results': { console: [`POST ${b}/payouts/import`], screen: 'Payouts' },
  'retry-payout': { console: [`POST ${b}/payouts/{reference}/retry`], screen: 'Payouts' },
  'send-recall': { console: [`GET ${b}/catalogue/batches/{batchId}/recall`, `POST ${b}/catalogue/batches/{batchId}/recall`], screen: 'Catalogue (a batch\'s page)' },
  'message-delivery': { console: [`GET ${b}/messages/delivery`, `POST ${b}/messages/retry-failed`], screen: 'Overview (messages to customers)' },
  'list-complaints': { console: [`GET ${b}/complaints`, `GET ${b}/complaints/{ticketId}`], screen: 'Support (complaints)' },
  'assign-complaint': { console: [`POST ${b}/complaints/{ticketId}/assign`], screen: 'Support (complaints)' },
  'reply-complaint': { console: [`POST ${b}/complaints/{ticketId}/replies`], screen: 'Support (complaints)' },
  'set-complaint-status': { console: [`POST ${b}/complaints/{ticketId}/status`], screen: 'Support (complaints)' },
  'list-feedback': { console: [`GET ${b}/feedback`], screen: 'Support (feedback)' },
  'red-flags': { console: [`GET ${b}/red-flags`], screen: 'Support (red flags)' },
  'list-reports': { console: [`GET ${b}/reports`, `GET ${b}/reports/{reportId}/photo`], screen: 'Support (red flags: customer reports)' },
  'resolve-red-flag': { console: [`POST ${b}/red-flags/{id}/resolve`], screen: 'Support (red flags)' },
  'dismiss-red-flag': { console: [`POST ${b}/red-flags/{id}/dismiss`], screen: 'Support (red flags)' },
  'set-gtin': { console: [`PUT ${b}/catalogue/products/{productId}/gtin`], screen: 'Catalogue (a product\'s GTIN)' },
  'set-lot': { console: [`PUT ${b}/catalogue/batches/{batchId}/lot`], screen: 'Catalogue (a batch\'s GS1 lot)' },
  'set-serial': { console: [`PUT ${b}/catalogue/units/{qrId}/serial`], screen: 'Codes (a unit code\'s page: its GS1 serial)' },
  'number-serials': { console: [`POST ${b}/catalogue/batches/{batchId}/serials`], screen: 'Catalogue (a batch\'s GS1 serials)' },
  'set-batch-markets': { console: [`PATCH ${b}/catalogue/batches/{batchId}`], screen: 'Catalogue (a batch\'s markets)' },
  'purge-scans': {
    console: [`POST ${b}/settings/purge-scans`, `PATCH ${b}/settings`],
    screen: 'Brand settings (retention)',
    note: 'The retention days are a setting; "Purge now" deletes what is older at once. The server also purges every six hours.',
  },
  share: {
    console: [`GET ${b}/sharing`, `POST ${b}/sharing`, `POST ${b}/sharing/remove`],
    screen: 'Brand settings (sharing with retailers)',
  },
  'share-batch': { console: [`POST ${b}/sharing/batches`], screen: 'Brand settings (sharing: a batch\'s retailer)' },
  'invite-staff': {
    console: [`POST ${b}/staff/invitations`],
    screen: 'Staff',
    note: 'Inviting a brand\'s first owner is the deployment operator\'s (no one can sign in to invite them); every later invitation is made in the console.',
  },
  'reset-2fa': {
    console: [`POST ${b}/staff/{staffId}/second-factor/reset`],
    screen: 'Staff',
    note: 'An owner resets another member\'s second factor in the console; the command line resets only a brand\'s sole owner\'s (no one else can sign in to do it), when they have lost the authenticator and the recovery codes.',
  },
};
