import type { z } from 'zod';
import type { BulkBlacklist, TrackingEventView, bulkBlacklistBodySchema, trackingEventBodySchema } from '@/lib/schemas/console-codes';
import type { SuspectMarkAction, suspectMarkBodySchema } from '@/lib/schemas/console-suspect-marks';
import type {
  BatchSerials,
  CodeRun,
  ConsoleBatch,
  ConsoleProduct,
  ProductImage,
  batchInputSchema,
  batchLotInputSchema,
  batchLotSchema,
  batchMarketsSchema,
  batchSerialsInputSchema,
  generateCodesInputSchema,
  productGtinInputSchema,
  productGtinSchema,
  productInputSchema,
  unitSerialInputSchema,
  unitSerialSchema,
} from '@/lib/schemas/console-catalogue';
import type { RecallResult, recallBodySchema, retryFailedSchema } from '@/lib/schemas/console-messages';
import type {
  BrandSettings,
  PurgeScansResult,
  RewardSummary,
  bankResultsImportSchema,
  bankResultsUploadSchema,
  brandDomainBodySchema,
  couponUploadSchema,
  journeyInputSchema,
  payoutExportSchema,
  purgeScansBodySchema,
  rewardInputSchema,
  rewardPatchSchema,
} from '@/lib/schemas/console-money';
import type { SharingView, batchRetailerBodySchema, batchRetailerSchema, shareBodySchema, unshareBodySchema } from '@/lib/schemas/console-sharing';
import type { BulkComplaints, assignComplaintBodySchema, bulkComplaintsBodySchema, complaintStatusBodySchema, replyComplaintBodySchema } from '@/lib/schemas/console-complaints';
import type { bulkResolveRedFlagsSchema, closeRedFlagNoteSchema, resolveRedFlagSchema } from '@/lib/schemas/console-red-flags';
import type { moveDisputeBodySchema, rejectDisputeBodySchema } from '@/lib/schemas/disputes';
import type { clientConfigPatchSchema } from '@/lib/schemas/client-config';
import type {
  acceptInvitationBodySchema,
  acceptInvitationResponseSchema,
  cancelInvitationBodySchema,
  changeRoleBodySchema,
  consoleNextSchema,
  consoleSignInBodySchema,
  inviteStaffBodySchema,
  messageResponseSchema,
  passwordResetConfirmBodySchema,
  passwordResetRequestBodySchema,
  recoveryCodeBodySchema,
  recoveryCodesIssuedSchema,
  totpCodeBodySchema,
  totpConfirmedSchema,
  totpEnrolmentSchema,
} from '@/lib/schemas/console';
import type { publishedLegalSchema } from '@/lib/schemas/console-legal';

// The console API's operations that the console's pages and browser code call or link to, each by
// name: its method and its path exactly as its route declaration under lib/api/console spells it
// (params in braces), the answer's type, and the request body's type: what the route's zod body
// schema takes (z.input), none, or a multipart form (an upload). Browser code cannot import the
// declarations (they are server code), so the schemas' types are imported here;
// tests/unit/console/console-api.test.ts holds every entry here to a declared route, and
// console-api-bodies.test.ts every body to its route's schema, so no path is written by hand
// anywhere else and no call sends a body its route refuses: lib/client/console-api.ts calls them,
// and consoleApiHref makes the address of a download or an image.

export type ConsoleMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The body of an operation that takes none: a call sends neither a body nor a form. */
export type NoBody = { readonly noBody: never };
/** The body of an upload (the route reads a multipart form, its `upload` fields): a call sends a form. */
export type Multipart = { readonly multipart: never };

/** One operation; `answer` and `body` are types only (never set). */
export type ConsoleOp<M extends ConsoleMethod = ConsoleMethod, P extends string = string, A = unknown, B = unknown> = { method: M; path: P; answer?: A; body?: B };

/** The names in braces of a path: '/a/{brand}/b/{qrId}' → 'brand' | 'qrId'. */
export type ParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | ParamNames<Rest> : never;
export type ParamsOf<O extends ConsoleOp> = { [K in ParamNames<O['path']>]: string };
export type AnswerOf<O extends ConsoleOp> = O extends ConsoleOp<ConsoleMethod, string, infer A> ? A : unknown;
/** What a call of `O` sends: its route's body as the body schema takes it, NoBody or Multipart. */
export type BodyOf<O extends ConsoleOp> = O extends ConsoleOp<ConsoleMethod, string, unknown, infer B> ? B : never;

/**
 * An operation answering `A` and taking the body `B` (none unless given; the first call fixes the
 * types, the second the method and path).
 */
const op =
  <A = unknown, B = NoBody>() =>
  <M extends ConsoleMethod, P extends string>(method: M, path: P): ConsoleOp<M, P, A, B> => ({ method, path });

type Out<S extends z.ZodType> = z.output<S>;
/** The body a route's schema takes (before its defaults and transforms). */
type In<S extends z.ZodType> = z.input<S>;
type Next = Out<typeof consoleNextSchema>;

export const CONSOLE_API = {
  // signing in and the member's own account (lib/api/console/routes.ts)
  signIn: op<Next, In<typeof consoleSignInBodySchema>>()('POST', '/console/sign-in'),
  secondFactor: op<Next, In<typeof totpCodeBodySchema>>()('POST', '/console/second-factor'),
  secondFactorRecovery: op<Next, In<typeof recoveryCodeBodySchema>>()('POST', '/console/second-factor/recovery'),
  totpEnrol: op<Out<typeof totpEnrolmentSchema>>()('POST', '/console/totp/enrol'),
  totpConfirm: op<Out<typeof totpConfirmedSchema>, In<typeof totpCodeBodySchema>>()('POST', '/console/totp/confirm'),
  signOut: op()('POST', '/console/sign-out'),
  acceptInvitation: op<Out<typeof acceptInvitationResponseSchema>, In<typeof acceptInvitationBodySchema>>()('POST', '/console/invitations/accept'),
  passwordReset: op<Out<typeof messageResponseSchema>, In<typeof passwordResetRequestBodySchema>>()('POST', '/console/password-reset'),
  passwordResetConfirm: op<unknown, In<typeof passwordResetConfirmBodySchema>>()('POST', '/console/password-reset/confirm'),
  newRecoveryCodes: op<Out<typeof recoveryCodesIssuedSchema>>()('POST', '/console/recovery-codes'),
  endOwnSession: op()('DELETE', '/console/sessions/{sessionId}'),
  endOtherOwnSessions: op()('POST', '/console/sessions/sign-out-others'),

  // codes (codes-routes.ts)
  codesCsv: op()('GET', '/console/brands/{brand}/codes.csv'),
  blacklistCode: op()('POST', '/console/brands/{brand}/codes/{qrId}/blacklist'),
  whitelistCode: op()('POST', '/console/brands/{brand}/codes/{qrId}/whitelist'),
  deleteCode: op()('DELETE', '/console/brands/{brand}/codes/{qrId}'),
  markSuspect: op<SuspectMarkAction, In<typeof suspectMarkBodySchema>>()('POST', '/console/brands/{brand}/codes/{qrId}/suspect'),
  clearSuspect: op<SuspectMarkAction, In<typeof suspectMarkBodySchema>>()('POST', '/console/brands/{brand}/codes/{qrId}/suspect/clear'),
  recordTracking: op<TrackingEventView, In<typeof trackingEventBodySchema>>()('POST', '/console/brands/{brand}/codes/{qrId}/tracking'),
  blacklistCodes: op<BulkBlacklist, In<typeof bulkBlacklistBodySchema>>()('POST', '/console/brands/{brand}/codes/blacklist'),

  // catalogue and GS1 keys (catalogue-routes.ts, gs1-routes.ts)
  createProduct: op<ConsoleProduct, In<typeof productInputSchema>>()('POST', '/console/brands/{brand}/catalogue/products'),
  updateProduct: op<ConsoleProduct, In<typeof productInputSchema>>()('PUT', '/console/brands/{brand}/catalogue/products/{productId}'),
  uploadImage: op<ProductImage, Multipart>()('POST', '/console/brands/{brand}/catalogue/images'),
  image: op()('GET', '/console/brands/{brand}/catalogue/images/{imageId}'),
  createBatch: op<ConsoleBatch, In<typeof batchInputSchema>>()('POST', '/console/brands/{brand}/catalogue/batches'),
  updateBatch: op<ConsoleBatch, In<typeof batchMarketsSchema>>()('PATCH', '/console/brands/{brand}/catalogue/batches/{batchId}'),
  // the batch page's poll: with the batch's code count (the route's default; only the page's first render asks without)
  codeRuns: op<{ runs: CodeRun[]; batchCodes?: number }>()('GET', '/console/brands/{brand}/catalogue/batches/{batchId}/code-runs'),
  createCodeRun: op<CodeRun, In<typeof generateCodesInputSchema>>()('POST', '/console/brands/{brand}/catalogue/batches/{batchId}/code-runs'),
  batchCodesCsv: op()('GET', '/console/brands/{brand}/catalogue/batches/{batchId}/codes.csv'),
  batchCodesPdf: op()('GET', '/console/brands/{brand}/catalogue/batches/{batchId}/codes.pdf'),
  productGtin: op<Out<typeof productGtinSchema>, In<typeof productGtinInputSchema>>()('PUT', '/console/brands/{brand}/catalogue/products/{productId}/gtin'),
  batchLot: op<Out<typeof batchLotSchema>, In<typeof batchLotInputSchema>>()('PUT', '/console/brands/{brand}/catalogue/batches/{batchId}/lot'),
  unitSerial: op<Out<typeof unitSerialSchema>, In<typeof unitSerialInputSchema>>()('PUT', '/console/brands/{brand}/catalogue/units/{qrId}/serial'),
  batchSerials: op<BatchSerials, In<typeof batchSerialsInputSchema>>()('POST', '/console/brands/{brand}/catalogue/batches/{batchId}/serials'),
  recall: op<RecallResult, In<typeof recallBodySchema>>()('POST', '/console/brands/{brand}/catalogue/batches/{batchId}/recall'),

  // legal documents, messages (legal-routes.ts, messages-routes.ts)
  publishLegal: op<Out<typeof publishedLegalSchema>, Multipart>()('POST', '/console/brands/{brand}/legal/documents'),
  legalDocument: op()('GET', '/console/brands/{brand}/legal/documents/{documentId}'),
  retryFailedMessages: op<Out<typeof retryFailedSchema>>()('POST', '/console/brands/{brand}/messages/retry-failed'),

  // rewards, journeys, payouts (rewards-routes.ts, payouts-routes.ts)
  createReward: op<RewardSummary, In<typeof rewardInputSchema>>()('POST', '/console/brands/{brand}/rewards'),
  updateReward: op<unknown, In<typeof rewardPatchSchema>>()('PATCH', '/console/brands/{brand}/rewards/{rewardId}'),
  addCoupons: op<{ added: number; skippedDuplicates: number; left: number }, In<typeof couponUploadSchema>>()('POST', '/console/brands/{brand}/rewards/{rewardId}/coupons'),
  saveJourney: op<unknown, In<typeof journeyInputSchema>>()('PUT', '/console/brands/{brand}/journeys/{productId}'),
  payoutsCsv: op()('GET', '/console/brands/{brand}/payouts.csv'),
  exportPayouts: op<Out<typeof payoutExportSchema>>()('POST', '/console/brands/{brand}/payouts/export'),
  importPayouts: op<Out<typeof bankResultsImportSchema>, In<typeof bankResultsUploadSchema>>()('POST', '/console/brands/{brand}/payouts/import'),
  retryPayout: op()('POST', '/console/brands/{brand}/payouts/{reference}/retry'),

  // settings, sharing (settings-routes.ts, sharing-routes.ts)
  updateSettings: op<BrandSettings, In<typeof clientConfigPatchSchema>>()('PATCH', '/console/brands/{brand}/settings'),
  addDomain: op<BrandSettings, In<typeof brandDomainBodySchema>>()('POST', '/console/brands/{brand}/settings/domains'),
  removeDomain: op<BrandSettings, In<typeof brandDomainBodySchema>>()('POST', '/console/brands/{brand}/settings/domains/remove'),
  purgeScans: op<PurgeScansResult, In<typeof purgeScansBodySchema>>()('POST', '/console/brands/{brand}/settings/purge-scans'),
  sharing: op<SharingView>()('GET', '/console/brands/{brand}/sharing'),
  share: op<SharingView, In<typeof shareBodySchema>>()('POST', '/console/brands/{brand}/sharing'),
  stopSharing: op<SharingView, In<typeof unshareBodySchema>>()('POST', '/console/brands/{brand}/sharing/remove'),
  assignBatchRetailer: op<Out<typeof batchRetailerSchema>, In<typeof batchRetailerBodySchema>>()('POST', '/console/brands/{brand}/sharing/batches'),

  // staff and audit (staff-routes.ts)
  invite: op<{ email: string; role: string }, In<typeof inviteStaffBodySchema>>()('POST', '/console/brands/{brand}/staff/invitations'),
  cancelInvitation: op<unknown, In<typeof cancelInvitationBodySchema>>()('POST', '/console/brands/{brand}/staff/invitations/cancel'),
  changeRole: op<unknown, In<typeof changeRoleBodySchema>>()('PATCH', '/console/brands/{brand}/staff/{staffId}'),
  removeMember: op()('DELETE', '/console/brands/{brand}/staff/{staffId}'),
  disableMember: op()('POST', '/console/brands/{brand}/staff/{staffId}/disable'),
  enableMember: op()('POST', '/console/brands/{brand}/staff/{staffId}/enable'),
  resetSecondFactor: op()('POST', '/console/brands/{brand}/staff/{staffId}/second-factor/reset'),
  endMemberSessions: op()('DELETE', '/console/brands/{brand}/staff/{staffId}/sessions'),
  endMemberSession: op()('DELETE', '/console/brands/{brand}/staff/{staffId}/sessions/{sessionId}'),
  auditCsv: op()('GET', '/console/brands/{brand}/audit.csv'),

  // support: complaints, warranty, red flags, feedback, disputes (support-routes.ts, disputes-routes.ts)
  complaintsCsv: op()('GET', '/console/brands/{brand}/complaints.csv'),
  bulkComplaints: op<BulkComplaints, In<typeof bulkComplaintsBodySchema>>()('POST', '/console/brands/{brand}/complaints/bulk'),
  assignComplaint: op<unknown, In<typeof assignComplaintBodySchema>>()('POST', '/console/brands/{brand}/complaints/{ticketId}/assign'),
  complaintStatus: op<unknown, In<typeof complaintStatusBodySchema>>()('POST', '/console/brands/{brand}/complaints/{ticketId}/status'),
  replyToComplaint: op<unknown, In<typeof replyComplaintBodySchema>>()('POST', '/console/brands/{brand}/complaints/{ticketId}/replies'),
  warrantyCsv: op()('GET', '/console/brands/{brand}/warranty.csv'),
  redFlagsCsv: op()('GET', '/console/brands/{brand}/red-flags.csv'),
  resolveRedFlags: op<{ resolved: Array<{ blacklisted: string[] }> }, In<typeof bulkResolveRedFlagsSchema>>()('POST', '/console/brands/{brand}/red-flags/resolve'),
  resolveRedFlag: op<unknown, In<typeof resolveRedFlagSchema>>()('POST', '/console/brands/{brand}/red-flags/{id}/resolve'),
  dismissRedFlag: op<unknown, In<typeof closeRedFlagNoteSchema>>()('POST', '/console/brands/{brand}/red-flags/{id}/dismiss'),
  feedbackCsv: op()('GET', '/console/brands/{brand}/feedback.csv'),
  reportsCsv: op()('GET', '/console/brands/{brand}/reports.csv'),
  disputesCsv: op()('GET', '/console/brands/{brand}/disputes.csv'),
  moveDisputedClaim: op<unknown, In<typeof moveDisputeBodySchema>>()('POST', '/console/brands/{brand}/disputes/{disputeId}/move'),
  rejectDispute: op<unknown, In<typeof rejectDisputeBodySchema>>()('POST', '/console/brands/{brand}/disputes/{disputeId}/reject'),
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
