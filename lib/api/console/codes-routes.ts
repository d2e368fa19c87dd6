import 'server-only';
import { defineRoute } from '../define-route';
import { csvAnswer, csvFiles } from './csv-answer';
import { blacklistCodesOf, CODE_EXPORT_HEADER, codeDetail, exportCodes, deleteCodeOf, recordTrackingEventOf, searchCodes, setCodeBlacklisted } from '@/lib/console/codes';
import { consoleBrandParams, productChoicesSchema } from '@/lib/schemas/console';
import { productChoices } from '@/lib/console/red-flags';
import { unitSerialOf } from '@/lib/console/gs1-keys';
import {
  bulkBlacklistBodySchema,
  bulkBlacklistSchema,
  codeActionSchema,
  codeDetailSchema,
  codeExportQuerySchema,
  codeSearchQuerySchema,
  codeSearchSchema,
  qrIdParam,
  trackingEventBodySchema,
  trackingEventSchema,
  unitSerialSchema,
} from '@/lib/schemas/console-codes';
import { clearUnitSuspect, markUnitSuspect } from '@/lib/console/suspect-marks';
import { suspectMarkActionSchema, suspectMarkBodySchema } from '@/lib/schemas/console-suspect-marks';

// The console's codes (docs/console.md, "Codes"): find and read (owner, manager, support,
// analyst); blacklist, whitelist again, delete and record tracking events (owner, manager), through
// the same use cases as the command line, each audited.

const codeParams = consoleBrandParams.extend({ qrId: qrIdParam });
const write = { class: 'staff', area: 'codes', access: 'write' } as const;
/** A brand's mark of a unit as suspect: the red flags' writers (the use case checks again). */
const suspectAccess = { class: 'staff', area: 'redFlags', access: 'write' } as const;

// GET /api/console/brands/{brand}/codes?q=&after=&limit=
export const consoleCodesSearchRoute = defineRoute({
  method: 'get',
  path: '/console/brands/{brand}/codes',
  tag: 'console',
  access: { class: 'staff', area: 'codes', access: 'read' },
  params: consoleBrandParams,
  query: codeSearchQuerySchema,
  response: {
    description: "Codes matching a qrId, an authentication code or a batch number and the filters, sorted, a page at a time (pass next as after), with the count; the brand's products to filter by",
    schema: codeSearchSchema.extend({ products: productChoicesSchema }),
  },
  fieldErrors: 'A filter or sort not understood (fields: q, sort, status, kind, product, batch, from, to, after, limit)',
  handle: async ({ query }, ctx) => {
    const [found, products] = await Promise.all([searchCodes(ctx.scope, query), productChoices(ctx.scope)]);
    return { ...found, products };
  },
});

// GET /api/console/brands/{brand}/codes/{qrId}
export const consoleCodeRoute = defineRoute({
  method: 'get',
  path: '/console/brands/{brand}/codes/{qrId}',
  tag: 'console',
  access: { class: 'staff', area: 'codes', access: 'read' },
  params: codeParams,
  response: {
    description: "The code, its unit's scans, claim, tracking, warranty, rewards and red flags, and its unit's GS1 serial (null for a code of no unit)",
    schema: codeDetailSchema.extend({ unitSerial: unitSerialSchema.nullable() }),
  },
  errors: { 404: 'No such code of the brand' },
  fieldErrors: 'A malformed qrId (field: qrId)',
  handle: async ({ params }, ctx) => {
    const detail = await codeDetail(ctx.scope, params.qrId);
    return { ...detail, unitSerial: (await unitSerialOf(ctx.scope, detail.code.qrId)) ?? null };
  },
});

export const codesRoutes = [
  consoleCodesSearchRoute,
  // GET /api/console/brands/{brand}/codes.csv?q=&sort=&status=&kind=&product=&batch=&from=&to= — streamed
  defineRoute({
    method: 'get',
    path: '/console/brands/{brand}/codes.csv',
    tag: 'console',
    // A file of codes: the roles that print only, as a batch's codes.csv (the use case checks again).
    access: { class: 'staff', area: 'catalogue', access: 'write' },
    params: consoleBrandParams,
    query: codeExportQuerySchema,
    response: {
      description: 'Every code the list\'s search and filters match, in its order, as CSV (streamed a page at a time; the roles that print only; audited)',
      files: csvFiles,
    },
    fieldErrors: 'A filter or sort not understood (fields: q, sort, status, kind, product, batch, from, to)',
    handle: async ({ query }, ctx) => csvAnswer(CODE_EXPORT_HEADER, await exportCodes(ctx.scope, query)),
  }),
  consoleCodeRoute,
  // POST /api/console/brands/{brand}/codes/{qrId}/blacklist — its scans answer Fake
  defineRoute({
    method: 'post',
    path: '/console/brands/{brand}/codes/{qrId}/blacklist',
    tag: 'console',
    access: write,
    params: codeParams,
    response: { description: 'Blacklisted (audited)', schema: codeActionSchema },
    errors: { 404: 'No such code of the brand' },
    handle: ({ params }, ctx) => setCodeBlacklisted(ctx.scope, { qrId: params.qrId, blacklisted: true }),
  }),
  // POST /api/console/brands/{brand}/codes/{qrId}/whitelist — undoes a blacklisting
  defineRoute({
    method: 'post',
    path: '/console/brands/{brand}/codes/{qrId}/whitelist',
    tag: 'console',
    access: write,
    params: codeParams,
    response: { description: 'Whitelisted again (audited)', schema: codeActionSchema },
    errors: { 404: 'No such code of the brand' },
    handle: ({ params }, ctx) => setCodeBlacklisted(ctx.scope, { qrId: params.qrId, blacklisted: false }),
  }),
  // DELETE /api/console/brands/{brand}/codes/{qrId} — scans answer Invalid Product; the record stays
  defineRoute({
    method: 'delete',
    path: '/console/brands/{brand}/codes/{qrId}',
    tag: 'console',
    access: write,
    params: codeParams,
    response: { description: 'Deleted (audited)', schema: codeActionSchema },
    errors: { 404: 'No such code of the brand' },
    handle: ({ params }, ctx) => deleteCodeOf(ctx.scope, { qrId: params.qrId }),
  }),
  // POST /api/console/brands/{brand}/codes/{qrId}/suspect — the brand's own decision: the unit is suspect
  defineRoute({
    method: 'post',
    path: '/console/brands/{brand}/codes/{qrId}/suspect',
    tag: 'console',
    // Those who act on red flags (owner, manager, support): the mark opens or joins the unit's flag.
    access: suspectAccess,
    params: codeParams,
    body: suspectMarkBodySchema,
    response: {
      description: "The unit marked suspect with a reason (audited): suspect for everyone's checks but its claimant's; opens or joins its red flag. Marking a marked unit changes nothing",
      schema: suspectMarkActionSchema,
    },
    errors: { 404: 'No such code of the brand' },
    fieldErrors: "A missing or too long reason, a code that is not a pack's (fields: reason, qrId)",
    handle: ({ params, body }, ctx) => markUnitSuspect(ctx.scope, { qrId: params.qrId, reason: body.reason }),
  }),
  // POST /api/console/brands/{brand}/codes/{qrId}/suspect/clear — the mark cleared: the checks alone judge the unit again
  defineRoute({
    method: 'post',
    path: '/console/brands/{brand}/codes/{qrId}/suspect/clear',
    tag: 'console',
    access: suspectAccess,
    params: codeParams,
    body: suspectMarkBodySchema,
    response: {
      description: "The brand's mark cleared with a reason (audited): a red flag the mark alone opened is dismissed. Clearing an unmarked unit changes nothing",
      schema: suspectMarkActionSchema,
    },
    errors: { 404: 'No such code of the brand' },
    fieldErrors: "A missing or too long reason, a code that is not a pack's (fields: reason, qrId)",
    handle: ({ params, body }, ctx) => clearUnitSuspect(ctx.scope, { qrId: params.qrId, reason: body.reason }),
  }),
  // POST /api/console/brands/{brand}/codes/{qrId}/tracking — where the unit, case or pallet has got to
  defineRoute({
    method: 'post',
    path: '/console/brands/{brand}/codes/{qrId}/tracking',
    tag: 'console',
    access: write,
    params: codeParams,
    body: trackingEventBodySchema,
    response: { status: 201, description: 'The tracking event recorded (audited); the customer\'s tracking page shows it', schema: trackingEventSchema },
    errors: { 404: 'No such code of the brand' },
    fieldErrors: 'A missing or too long stage or place, a malformed time (fields: stage, place, at)',
    handle: ({ params, body }, ctx) => recordTrackingEventOf(ctx.scope, params.qrId, body),
  }),
  // POST /api/console/brands/{brand}/codes/blacklist — a batch, or a range of its units, at once
  defineRoute({
    method: 'post',
    path: '/console/brands/{brand}/codes/blacklist',
    tag: 'console',
    access: write,
    params: consoleBrandParams,
    body: bulkBlacklistBodySchema,
    response: { description: "Blacklisted: the batch's codes, or its units from one printed code to another, printed and hidden codes together (one audit entry)", schema: bulkBlacklistSchema },
    errors: { 404: 'No such batch of the brand' },
    fieldErrors: 'batchId, from, to, confirm (must be true)',
    handle: ({ body }, ctx) => blacklistCodesOf(ctx.scope, body),
  }),
];
