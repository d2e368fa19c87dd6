import type { BulkBlacklist, TrackingEventView } from '@/lib/schemas/console-codes';
import type { SuspectMarkAction } from '@/lib/schemas/console-suspect-marks';
import type { BatchSerials, CodeRun, ConsoleBatch, ConsoleProduct, ProductImage, batchLotSchema, productGtinSchema, unitSerialSchema } from '@/lib/schemas/console-catalogue';
import type { RecallResult } from '@/lib/schemas/console-messages';
import type { BrandSettings, PurgeScansResult, RewardSummary } from '@/lib/schemas/console-money';
import type { SharingView } from '@/lib/schemas/console-sharing';
import type { BulkComplaints } from '@/lib/schemas/console-complaints';
import type { z } from 'zod';
import type { acceptInvitationResponseSchema, consoleNextSchema, messageResponseSchema, recoveryCodesIssuedSchema, totpConfirmedSchema, totpEnrolmentSchema } from '@/lib/schemas/console';
import type { payoutExportSchema, bankResultsImportSchema } from '@/lib/schemas/console-money';
import type { retryFailedSchema } from '@/lib/schemas/console-messages';
import type { publishedLegalSchema } from '@/lib/schemas/console-legal';
import type { batchRetailerSchema } from '@/lib/schemas/console-sharing';

// The console API's operations that the console's pages and browser code call or link to, each by
// name: its method and its path exactly as its route declaration under lib/api/console spells it
// (params in braces), and the answer's type. Browser code cannot import the declarations (they are
// server code); tests/unit/console/console-api.test.ts holds every entry here to a declared route,
// so no path is written by hand anywhere else: lib/client/console-api.ts calls them, and
// consoleApiHref makes the address of a download or an image.

export type ConsoleMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One operation; `answer` is a type only (never set). */
export type ConsoleOp<M extends ConsoleMethod = ConsoleMethod, P extends string = string, A = unknown> = { method: M; path: P; answer?: A };

/** The names in braces of a path: '/a/{brand}/b/{qrId}' → 'brand' | 'qrId'. */
export type ParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | ParamNames<Rest> : never;
export type ParamsOf<O extends ConsoleOp> = { [K in ParamNames<O['path']>]: string };
export type AnswerOf<O extends ConsoleOp> = O extends ConsoleOp<ConsoleMethod, string, infer A> ? A : unknown;

/** An operation answering `A` (the first call fixes the answer's type, the second the method and path). */
const op =
  <A = unknown>() =>
  <M extends ConsoleMethod, P extends string>(method: M, path: P): ConsoleOp<M, P, A> => ({ method, path });

type Out<S extends z.ZodType> = z.output<S>;
type Next = Out<typeof consoleNextSchema>;

export const CONSOLE_API = {
  // signing in and the member's own account (lib/api/console/routes.ts)
  signIn: op<Next>()('POST', '/console/sign-in'),
  secondFactor: op<Next>()('POST', '/console/second-factor'),
  secondFactorRecovery: op<Next>()('POST', '/console/second-factor/recovery'),
  totpEnrol: op<Out<typeof totpEnrolmentSchema>>()('POST', '/console/totp/enrol'),
  totpConfirm: op<Out<typeof totpConfirmedSchema>>()('POST', '/console/totp/confirm'),
  signOut: op()('POST', '/console/sign-out'),
  acceptInvitation: op<Out<typeof acceptInvitationResponseSchema>>()('POST', '/console/invitations/accept'),
  passwordReset: op<Out<typeof messageResponseSchema>>()('POST', '/console/password-reset'),
  passwordResetConfirm: op()('POST', '/console/password-reset/confirm'),
  newRecoveryCodes: op<Out<typeof recoveryCodesIssuedSchema>>()('POST', '/console/recovery-codes'),
  endOwnSession: op()('DELETE', '/console/sessions/{sessionId}'),
  endOtherOwnSessions: op()('POST', '/console/sessions/sign-out-others'),

  // codes (codes-routes.ts)
  codesCsv: op()('GET', '/console/brands/{brand}/codes.csv'),
  blacklistCode: op()('POST', '/console/brands/{brand}/codes/{qrId}/blacklist'),
  whitelistCode: op()('POST', '/console/brands/{brand}/codes/{qrId}/whitelist'),
  deleteCode: op()('DELETE', '/console/brands/{brand}/codes/{qrId}'),
  markSuspect: op<SuspectMarkAction>()('POST', '/console/brands/{brand}/codes/{qrId}/suspect'),
  clearSuspect: op<SuspectMarkAction>()('POST', '/console/brands/{brand}/codes/{qrId}/suspect/clear'),
  recordTracking: op<TrackingEventView>()('POST', '/console/brands/{brand}/codes/{qrId}/tracking'),
  blacklistCodes: op<BulkBlacklist>()('POST', '/console/brands/{brand}/codes/blacklist'),

  // catalogue and GS1 keys (catalogue-routes.ts, gs1-routes.ts)
  createProduct: op<ConsoleProduct>()('POST', '/console/brands/{brand}/catalogue/products'),
  updateProduct: op<ConsoleProduct>()('PUT', '/console/brands/{brand}/catalogue/products/{productId}'),
  uploadImage: op<ProductImage>()('POST', '/console/brands/{brand}/catalogue/images'),
  image: op()('GET', '/console/brands/{brand}/catalogue/images/{imageId}'),
  createBatch: op<ConsoleBatch>()('POST', '/console/brands/{brand}/catalogue/batches'),
  updateBatch: op<ConsoleBatch>()('PATCH', '/console/brands/{brand}/catalogue/batches/{batchId}'),
  codeRuns: op<{ runs: CodeRun[]; batchCodes: number }>()('GET', '/console/brands/{brand}/catalogue/batches/{batchId}/code-runs'),
  createCodeRun: op<CodeRun>()('POST', '/console/brands/{brand}/catalogue/batches/{batchId}/code-runs'),
  batchCodesCsv: op()('GET', '/console/brands/{brand}/catalogue/batches/{batchId}/codes.csv'),
  batchCodesPdf: op()('GET', '/console/brands/{brand}/catalogue/batches/{batchId}/codes.pdf'),
  productGtin: op<Out<typeof productGtinSchema>>()('PUT', '/console/brands/{brand}/catalogue/products/{productId}/gtin'),
  batchLot: op<Out<typeof batchLotSchema>>()('PUT', '/console/brands/{brand}/catalogue/batches/{batchId}/lot'),
  unitSerial: op<Out<typeof unitSerialSchema>>()('PUT', '/console/brands/{brand}/catalogue/units/{qrId}/serial'),
  batchSerials: op<BatchSerials>()('POST', '/console/brands/{brand}/catalogue/batches/{batchId}/serials'),
  recall: op<RecallResult>()('POST', '/console/brands/{brand}/catalogue/batches/{batchId}/recall'),

  // legal documents, messages (legal-routes.ts, messages-routes.ts)
  publishLegal: op<Out<typeof publishedLegalSchema>>()('POST', '/console/brands/{brand}/legal/documents'),
  legalDocument: op()('GET', '/console/brands/{brand}/legal/documents/{documentId}'),
  retryFailedMessages: op<Out<typeof retryFailedSchema>>()('POST', '/console/brands/{brand}/messages/retry-failed'),

  // rewards, journeys, payouts (rewards-routes.ts, payouts-routes.ts)
  createReward: op<RewardSummary>()('POST', '/console/brands/{brand}/rewards'),
  updateReward: op()('PATCH', '/console/brands/{brand}/rewards/{rewardId}'),
  addCoupons: op<{ added: number; skippedDuplicates: number; left: number }>()('POST', '/console/brands/{brand}/rewards/{rewardId}/coupons'),
  saveJourney: op()('PUT', '/console/brands/{brand}/journeys/{productId}'),
  payoutsCsv: op()('GET', '/console/brands/{brand}/payouts.csv'),
  exportPayouts: op<Out<typeof payoutExportSchema>>()('POST', '/console/brands/{brand}/payouts/export'),
  importPayouts: op<Out<typeof bankResultsImportSchema>>()('POST', '/console/brands/{brand}/payouts/import'),
  retryPayout: op()('POST', '/console/brands/{brand}/payouts/{reference}/retry'),

  // settings, sharing (settings-routes.ts, sharing-routes.ts)
  updateSettings: op<BrandSettings>()('PATCH', '/console/brands/{brand}/settings'),
  addDomain: op<BrandSettings>()('POST', '/console/brands/{brand}/settings/domains'),
  removeDomain: op<BrandSettings>()('POST', '/console/brands/{brand}/settings/domains/remove'),
  purgeScans: op<PurgeScansResult>()('POST', '/console/brands/{brand}/settings/purge-scans'),
  sharing: op<SharingView>()('GET', '/console/brands/{brand}/sharing'),
  share: op<SharingView>()('POST', '/console/brands/{brand}/sharing'),
  stopSharing: op<SharingView>()('POST', '/console/brands/{brand}/sharing/remove'),
  assignBatchRetailer: op<Out<typeof batchRetailerSchema>>()('POST', '/console/brands/{brand}/sharing/batches'),

  // staff and audit (staff-routes.ts)
  invite: op<{ email: string; role: string }>()('POST', '/console/brands/{brand}/staff/invitations'),
  cancelInvitation: op()('POST', '/console/brands/{brand}/staff/invitations/cancel'),
  changeRole: op()('PATCH', '/console/brands/{brand}/staff/{staffId}'),
  removeMember: op()('DELETE', '/console/brands/{brand}/staff/{staffId}'),
  disableMember: op()('POST', '/console/brands/{brand}/staff/{staffId}/disable'),
  enableMember: op()('POST', '/console/brands/{brand}/staff/{staffId}/enable'),
  resetSecondFactor: op()('POST', '/console/brands/{brand}/staff/{staffId}/second-factor/reset'),
  endMemberSessions: op()('DELETE', '/console/brands/{brand}/staff/{staffId}/sessions'),
  endMemberSession: op()('DELETE', '/console/brands/{brand}/staff/{staffId}/sessions/{sessionId}'),
  auditCsv: op()('GET', '/console/brands/{brand}/audit.csv'),

  // support: complaints, warranty, red flags, feedback, disputes (support-routes.ts, disputes-routes.ts)
  complaintsCsv: op()('GET', '/console/brands/{brand}/complaints.csv'),
  bulkComplaints: op<BulkComplaints>()('POST', '/console/brands/{brand}/complaints/bulk'),
  assignComplaint: op()('POST', '/console/brands/{brand}/complaints/{ticketId}/assign'),
  complaintStatus: op()('POST', '/console/brands/{brand}/complaints/{ticketId}/status'),
  replyToComplaint: op()('POST', '/console/brands/{brand}/complaints/{ticketId}/replies'),
  warrantyCsv: op()('GET', '/console/brands/{brand}/warranty.csv'),
  redFlagsCsv: op()('GET', '/console/brands/{brand}/red-flags.csv'),
  resolveRedFlags: op<{ resolved: Array<{ blacklisted: string[] }> }>()('POST', '/console/brands/{brand}/red-flags/resolve'),
  resolveRedFlag: op()('POST', '/console/brands/{brand}/red-flags/{id}/resolve'),
  dismissRedFlag: op()('POST', '/console/brands/{brand}/red-flags/{id}/dismiss'),
  feedbackCsv: op()('GET', '/console/brands/{brand}/feedback.csv'),
  reportsCsv: op()('GET', '/console/brands/{brand}/reports.csv'),
  disputesCsv: op()('GET', '/console/brands/{brand}/disputes.csv'),
  moveDisputedClaim: op()('POST', '/console/brands/{brand}/disputes/{disputeId}/move'),
  rejectDispute: op()('POST', '/console/brands/{brand}/disputes/{disputeId}/reject'),
} as const;

export type ConsoleOpName = keyof typeof CONSOLE_API;

/** The path of an operation after /api, its params filled in (each encoded). */
export function consolePath<O extends ConsoleOp>(operation: O, params: ParamsOf<O>, query?: Record<string, string | number | undefined>): string {
  const given = params as Record<string, string>;
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = given[name];
    if (value === undefined || value === '') throw new Error(`${operation.method} ${operation.path}: no ${name}`);
    return encodeURIComponent(value);
  });
  const pairs = Object.entries(query ?? {}).filter((p): p is [string, string | number] => p[1] !== undefined && p[1] !== '');
  return pairs.length ? `${path}?${new URLSearchParams(pairs.map(([k, v]) => [k, String(v)]))}` : path;
}

/** The address of a GET operation for a link or an image (`/api/console/...`). */
export function consoleApiHref<O extends ConsoleOp<'GET'>>(operation: O, params: ParamsOf<O>, query?: Record<string, string | number | undefined>): string {
  return `/api${consolePath(operation, params, query)}`;
}
