import 'server-only';
import { defineRoute } from '../define-route';
import { fileAnswer } from './support-routes';
import { consoleBrandParams } from '@/lib/schemas/console';
import { fileQuerySchema } from '@/lib/schemas/files';
import {
  consoleDisputeDetailSchema,
  disputeDecisionSchema,
  disputeExportQuerySchema,
  disputeIdSchema,
  disputeListQuerySchema,
  disputeListSchema,
  moveDisputeBodySchema,
  openDisputeCountSchema,
  rejectDisputeBodySchema,
} from '@/lib/schemas/disputes';
import * as disputes from '@/lib/console/disputes';
import { csvAnswer, csvFiles } from './csv-answer';

// Disputed claims in the console (docs/console.md "Disputed claims"): the claims area's readers
// (owner, support, analyst) list and read them; its writers (owner, support) decide. Staff access
// class: 401 without a session, 404 for another brand, 403 for a role that may not.

const base = '/console/brands/{brand}/disputes';
const disputeParams = consoleBrandParams.extend({ disputeId: disputeIdSchema });
const claimsRead = { class: 'staff', area: 'claims', access: 'read' } as const;
const claimsWrite = { class: 'staff', area: 'claims', access: 'write' } as const;
const fileResponse = { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } };

// GET /api/console/brands/{brand}/disputes?status=open|moved|rejected|all&sort=&product=&batch=&from=&to=&page=&pageSize=
export const consoleDisputesListRoute = defineRoute({
  method: 'get',
  path: base,
  tag: 'console',
  access: claimsRead,
  params: consoleBrandParams,
  query: disputeListQuerySchema,
  response: { description: 'A page of disputed claims, sorted (newest first unless asked), filtered, how many match and how many are open', schema: disputeListSchema },
  fieldErrors: 'A filter or sort not understood (fields: status, sort, product, batch, from, to, page, pageSize)',
  handle: ({ query }, ctx) => disputes.listDisputes(ctx.scope, query),
});

// GET /api/console/brands/{brand}/disputes/open-count — one count, for the red flags page (the
// list's `open` without reading a page of rows, its products and its total)
export const consoleOpenDisputeCountRoute = defineRoute({
  method: 'get',
  path: `${base}/open-count`,
  tag: 'console',
  access: claimsRead,
  params: consoleBrandParams,
  response: { description: 'How many of the brand\'s disputes are open (wait for a decision)', schema: openDisputeCountSchema },
  handle: async (_input, ctx) => ({ open: await disputes.openDisputeCount(ctx.scope) }),
});

// GET /api/console/brands/{brand}/disputes/{disputeId}
export const consoleDisputeRoute = defineRoute({
  method: 'get',
  path: `${base}/{disputeId}`,
  tag: 'console',
  access: claimsRead,
  params: disputeParams,
  response: { description: "The dispute: both claimants, the unit's scans, what a move would carry", schema: consoleDisputeDetailSchema },
  handle: ({ params }, ctx) => disputes.getDispute(ctx.scope, params.disputeId),
});

export const consoleDisputeRoutes = [
  consoleDisputesListRoute,

  // GET /api/console/brands/{brand}/disputes.csv?(the list's filters and sort) — streamed; the
  // disputing customer's name only for the roles that decide disputes (owner, support)
  defineRoute({
    method: 'get',
    path: '/console/brands/{brand}/disputes.csv',
    tag: 'console',
    access: claimsRead,
    params: consoleBrandParams,
    query: disputeExportQuerySchema,
    response: { description: "Every dispute the filters match, in the sort asked, as CSV (streamed a page at a time; audited); the customer's name for owner and support only", files: csvFiles },
    fieldErrors: 'A filter or sort not understood (fields: status, sort, product, batch, from, to)',
    handle: async ({ query }, ctx) => {
      const exported = await disputes.exportDisputes(ctx.scope, query);
      return csvAnswer(exported.header, exported);
    },
  }),

  // A literal path before the parameterised one beside it (mountRoutes registers in order).
  consoleOpenDisputeCountRoute,
  consoleDisputeRoute,

  // GET /api/console/brands/{brand}/disputes/{disputeId}/photo?disposition=inline|attachment
  defineRoute({
    method: 'get',
    path: `${base}/{disputeId}/photo`,
    tag: 'console',
    access: claimsRead,
    params: disputeParams,
    query: fileQuerySchema,
    response: { description: 'The photo of the pack', files: fileResponse },
    handle: async ({ params, query }, ctx) => fileAnswer(await disputes.disputePhoto(ctx.scope, params.disputeId), query.disposition),
  }),

  // POST /api/console/brands/{brand}/disputes/{disputeId}/move {note?} — the claim goes to the disputing customer
  defineRoute({
    method: 'post',
    path: `${base}/{disputeId}/move`,
    tag: 'console',
    access: claimsWrite,
    params: disputeParams,
    body: moveDisputeBodySchema,
    response: { description: 'Moved: the claim, its warranty and unpaid rewards are the disputing customer\'s; paid rewards stay', schema: disputeDecisionSchema },
    errors: { 409: 'The dispute has already been decided' },
    fieldErrors: 'note',
    handle: ({ params, body }, ctx) => disputes.moveDisputedClaim(ctx.scope, params.disputeId, body.note),
  }),

  // POST /api/console/brands/{brand}/disputes/{disputeId}/reject {reason}
  defineRoute({
    method: 'post',
    path: `${base}/{disputeId}/reject`,
    tag: 'console',
    access: claimsWrite,
    params: disputeParams,
    body: rejectDisputeBodySchema,
    response: { description: 'Rejected with a reason the customer reads; the claim stays', schema: disputeDecisionSchema },
    errors: { 409: 'The dispute has already been decided' },
    fieldErrors: 'reason',
    handle: ({ params, body }, ctx) => disputes.rejectDispute(ctx.scope, params.disputeId, body.reason),
  }),
];
