import 'server-only';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { defineRoute, FileAnswer } from '../define-route';
import { contentDisposition, openFile } from '../files/get-file';
import { consoleBrandParams, productChoicesSchema } from '@/lib/schemas/console';
import { csvAnswer, csvFiles } from './csv-answer';
import { fileQuerySchema } from '@/lib/schemas/files';
import {
  assignComplaintBodySchema,
  assignableStaffSchema,
  bulkComplaintsBodySchema,
  bulkComplaintsSchema,
  complaintExportQuerySchema,
  complaintListQuerySchema,
  complaintListSchema,
  complaintStatusBodySchema,
  consoleComplaintDetailSchema,
  replyComplaintBodySchema,
  ticketIdSchema,
} from '@/lib/schemas/console-complaints';
import { consoleWarrantyDetailSchema, warrantyExportQuerySchema, warrantyIdSchema, warrantyListQuerySchema, warrantyListSchema } from '@/lib/schemas/console-warranty';
import {
  bulkResolveRedFlagsSchema,
  bulkResolvedRedFlagsSchema,
  closeRedFlagNoteSchema,
  closedRedFlagSchema,
  resolveRedFlagSchema,
  redFlagExportQuerySchema,
  redFlagIdSchema,
  redFlagListQuerySchema,
  redFlagListSchema,
} from '@/lib/schemas/console-red-flags';
import { feedbackExportQuerySchema, feedbackListQuerySchema, feedbackListSchema } from '@/lib/schemas/console-feedback';
import { reportExportQuerySchema, reportIdSchema, reportListQuerySchema, reportListSchema } from '@/lib/schemas/console-reports';
import * as complaints from '@/lib/console/complaints';
import * as warranty from '@/lib/console/warranty';
import * as redFlags from '@/lib/console/red-flags';
import { exportFeedback, FEEDBACK_EXPORT_HEADER, listFeedback } from '@/lib/console/feedback';
import { exportReports, listReports, REPORT_EXPORT_HEADER, reportPhoto } from '@/lib/console/reports';

// The console's support areas (issue 12, docs/console.md): the complaints inbox, warranty
// registrations, red flags, customers' reports of suspicious products and feedback of one brand,
// for its staff by role (the staff access class: 401 without a session, 404 for a brand they are
// not a member of, 403 for a role that may not). Each endpoint calls one use case of lib/console
// with the staff member's scope.

const base = '/console/brands/{brand}';
const ticketParams = consoleBrandParams.extend({ ticketId: ticketIdSchema });
const attachmentParams = ticketParams.extend({ fileId: z.string().trim().min(1, 'is required').max(64) });
const warrantyParams = consoleBrandParams.extend({ warrantyId: warrantyIdSchema });
const redFlagParams = consoleBrandParams.extend({ id: redFlagIdSchema });
const reportParams = consoleBrandParams.extend({ reportId: reportIdSchema });
const fileResponse = { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } };

/** A stored upload, for staff to view in place: the type detected at upload, never sniffed or run. */
export async function fileAnswer(row: Parameters<typeof openFile>[0] & { contentType: string; originalName: string }, disposition: 'inline' | 'attachment') {
  const { body, size } = await openFile(row);
  return new FileAnswer(Readable.toWeb(body) as ReadableStream<Uint8Array>, {
    'content-type': row.contentType,
    'content-length': String(size),
    'content-disposition': contentDisposition(disposition, row.originalName),
    'x-content-type-options': 'nosniff',
    'content-security-policy': "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'",
    'cache-control': 'private, no-store',
  });
}

const complaintsRead = { class: 'staff', area: 'complaints', access: 'read' } as const;
const complaintsWrite = { class: 'staff', area: 'complaints', access: 'write' } as const;
const redFlagsRead = { class: 'staff', area: 'redFlags', access: 'read' } as const;

// GET /api/console/brands/{brand}/complaints?status=&priority=&age=&assignee=&page=&pageSize=
export const consoleComplaintsListRoute = defineRoute({
  method: 'get',
  path: `${base}/complaints`,
  tag: 'console',
  access: complaintsRead,
  params: consoleBrandParams,
  query: complaintListQuerySchema,
  response: {
    description: "A page of the inbox, sorted (newest first unless asked), filtered, each ticket with its age against its priority's target time; the brand's products to filter by",
    schema: complaintListSchema.extend({ products: productChoicesSchema }),
  },
  fieldErrors: 'A filter or sort not understood (fields: status, priority, age, assignee, sort, product, batch, from, to, page, pageSize)',
  handle: async ({ query }, ctx) => {
    const [list, products] = await Promise.all([complaints.listComplaints(ctx.scope, query), redFlags.productChoices(ctx.scope)]);
    return { ...list, products };
  },
});

// GET /api/console/brands/{brand}/complaint-assignees — who may take a ticket
export const consoleComplaintAssigneesRoute = defineRoute({
  method: 'get',
  path: `${base}/complaint-assignees`,
  tag: 'console',
  access: complaintsRead,
  params: consoleBrandParams,
  response: { description: 'Staff of the brand who may handle complaints', schema: assignableStaffSchema },
  handle: async (_input, ctx) => ({ staff: await complaints.assignableStaff(ctx.scope) }),
});

// GET /api/console/brands/{brand}/warranty?status=&product=&customer=&from=&to=&page=&pageSize=
export const consoleWarrantyListRoute = defineRoute({
  method: 'get',
  path: `${base}/warranty`,
  tag: 'console',
  access: { class: 'staff', area: 'warranty', access: 'read' },
  params: consoleBrandParams,
  query: warrantyListQuerySchema,
  response: { description: 'A page of the warranty registrations the filters match, in the sort asked (newest first by default), and how many match', schema: warrantyListSchema },
  fieldErrors: 'A filter or sort not understood (fields: status, customer, sort, product, batch, from, to, page, pageSize)',
  handle: ({ query }, ctx) => warranty.listWarranties(ctx.scope, query),
});

// GET /api/console/brands/{brand}/warranty/{warrantyId}
export const consoleWarrantyRoute = defineRoute({
  method: 'get',
  path: `${base}/warranty/{warrantyId}`,
  tag: 'console',
  access: { class: 'staff', area: 'warranty', access: 'read' },
  params: warrantyParams,
  response: { description: 'The registration with its customer, product, dates and invoice', schema: consoleWarrantyDetailSchema },
  handle: ({ params }, ctx) => warranty.getWarranty(ctx.scope, params.warrantyId),
});

// GET /api/console/brands/{brand}/red-flags?status=&rule=&place=&sort=&product=&batch=&from=&to=&page=&pageSize=
export const consoleRedFlagsListRoute = defineRoute({
  method: 'get',
  path: `${base}/red-flags`,
  tag: 'console',
  access: redFlagsRead,
  params: consoleBrandParams,
  query: redFlagListQuerySchema,
  response: { description: 'A page of red flags, sorted (newest first unless asked), filtered', schema: redFlagListSchema },
  fieldErrors: 'A filter or sort not understood, or a place the gazetteer has no town of (fields: status, rule, place, sort, product, batch, from, to, page, pageSize)',
  handle: async ({ query }, ctx) => {
    const { redFlags: rows, total } = await redFlags.listRedFlags(ctx.scope, { ...query, limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
    return { redFlags: rows, total, page: query.page, pageSize: query.pageSize, products: await redFlags.productChoices(ctx.scope), places: await redFlags.redFlagPlaces(ctx.scope) };
  },
});

// GET /api/console/brands/{brand}/reports?evidence=&place=&sort=&product=&batch=&from=&to=&page=&pageSize=
// (customers' reports of suspicious products: read with the red flags)
export const consoleReportsListRoute = defineRoute({
  method: 'get',
  path: `${base}/reports`,
  tag: 'console',
  access: redFlagsRead,
  params: consoleBrandParams,
  query: reportListQuerySchema,
  response: { description: "A page of customers' reports of suspicious products, sorted (newest first unless asked), filtered, and how many match", schema: reportListSchema },
  fieldErrors: 'A filter or sort not understood, or a place the gazetteer has no town of (fields: evidence, place, sort, product, batch, from, to, page, pageSize)',
  handle: ({ query }, ctx) => listReports(ctx.scope, query),
});

// GET /api/console/brands/{brand}/feedback?rating=&comment=&product=&batch=&from=&to=&sort=&page=&pageSize=
export const consoleFeedbackListRoute = defineRoute({
  method: 'get',
  path: `${base}/feedback`,
  tag: 'console',
  access: { class: 'staff', area: 'feedback', access: 'read' },
  params: consoleBrandParams,
  query: feedbackListQuerySchema,
  response: { description: 'A page of feedback in the sort asked (newest first by default), how many match and their mean rating', schema: feedbackListSchema },
  fieldErrors: 'A filter or sort not understood (fields: rating, comment, sort, product, batch, from, to, page, pageSize)',
  handle: ({ query }, ctx) => listFeedback(ctx.scope, query),
});

// GET /api/console/brands/{brand}/complaints/{ticketId} — one ticket with its thread and attachments
export const consoleComplaintRoute = defineRoute({
  method: 'get',
  path: `${base}/complaints/{ticketId}`,
  tag: 'console',
  access: complaintsRead,
  params: ticketParams,
  response: { description: 'The ticket', schema: consoleComplaintDetailSchema },
  handle: ({ params }, ctx) => complaints.getComplaint(ctx.scope, params.ticketId),
});

export const consoleSupportRoutes = [
  consoleComplaintsListRoute,

  // GET /api/console/brands/{brand}/complaints.csv?(the list's filters and sort) — streamed
  defineRoute({
    method: 'get',
    path: `${base}/complaints.csv`,
    tag: 'console',
    access: complaintsRead,
    params: consoleBrandParams,
    query: complaintExportQuerySchema,
    response: { description: "Every complaint the filters match, in the sort asked, as CSV (streamed a page at a time; audited); the customer's name for owner and support only", files: csvFiles },
    fieldErrors: 'A filter or sort not understood (fields: status, priority, age, assignee, sort, product, batch, from, to)',
    handle: async ({ query }, ctx) => {
      const exported = await complaints.exportComplaints(ctx.scope, query);
      return csvAnswer(exported.header, exported);
    },
  }),

  // POST /api/console/brands/{brand}/complaints/bulk {action: assign|close, ticketIds, staffId?, confirm: true}
  defineRoute({
    method: 'post',
    path: `${base}/complaints/bulk`,
    tag: 'console',
    access: complaintsWrite,
    params: consoleBrandParams,
    body: bulkComplaintsBodySchema,
    response: { description: 'The tickets assigned or closed, all in one transaction (each audited, and the whole once more)', schema: bulkComplaintsSchema },
    errors: { 404: 'A ticket of the list is not the brand\'s', 409: 'A ticket to assign is closed, or one changed meanwhile: nothing changed' },
    fieldErrors: 'action, ticketIds (1 to 100, each once), staffId, confirm (must be true)',
    handle: ({ body }, ctx) =>
      body.action === 'assign'
        ? complaints.bulkComplaints(ctx.scope, { action: 'assign', ticketIds: body.ticketIds, to: body.staffId === null ? null : { staffId: body.staffId } })
        : complaints.bulkComplaints(ctx.scope, { action: 'close', ticketIds: body.ticketIds }),
  }),

  consoleComplaintAssigneesRoute,

  consoleComplaintRoute,

  // GET /api/console/brands/{brand}/complaints/{ticketId}/attachments/{fileId}?disposition=inline|attachment
  defineRoute({
    method: 'get',
    path: `${base}/complaints/{ticketId}/attachments/{fileId}`,
    tag: 'console',
    access: complaintsRead,
    params: attachmentParams,
    query: fileQuerySchema,
    response: { description: 'The attachment', files: fileResponse },
    handle: async ({ params, query }, ctx) => fileAnswer(await complaints.complaintAttachment(ctx.scope, params.ticketId, params.fileId), query.disposition),
  }),

  // POST /api/console/brands/{brand}/complaints/{ticketId}/assign {staffId | null}
  defineRoute({
    method: 'post',
    path: `${base}/complaints/{ticketId}/assign`,
    tag: 'console',
    access: complaintsWrite,
    params: ticketParams,
    body: assignComplaintBodySchema,
    response: { description: 'The ticket, assigned (an unassigned one is now open) or taken off its assignee', schema: consoleComplaintDetailSchema },
    errors: { 409: 'The ticket is closed, or changed meanwhile' },
    fieldErrors: 'staffId',
    handle: async ({ params, body }, ctx) => {
      await complaints.assignComplaint(ctx.scope, { ticketId: params.ticketId, to: body.staffId === null ? null : { staffId: body.staffId } });
      return complaints.getComplaint(ctx.scope, params.ticketId);
    },
  }),

  // POST /api/console/brands/{brand}/complaints/{ticketId}/replies {message} — into the thread the customer reads
  defineRoute({
    method: 'post',
    path: `${base}/complaints/{ticketId}/replies`,
    tag: 'console',
    access: complaintsWrite,
    params: ticketParams,
    body: replyComplaintBodySchema,
    response: { status: 201, description: 'The ticket with the reply', schema: consoleComplaintDetailSchema },
    errors: { 409: 'The ticket is closed, or changed meanwhile' },
    fieldErrors: 'message',
    handle: async ({ params, body }, ctx) => {
      await complaints.replyComplaint(ctx.scope, { ticketId: params.ticketId, message: body.message });
      return complaints.getComplaint(ctx.scope, params.ticketId);
    },
  }),

  // POST /api/console/brands/{brand}/complaints/{ticketId}/status {status} — by the allowed moves only
  defineRoute({
    method: 'post',
    path: `${base}/complaints/{ticketId}/status`,
    tag: 'console',
    access: complaintsWrite,
    params: ticketParams,
    body: complaintStatusBodySchema,
    response: { description: 'The ticket in its new status', schema: consoleComplaintDetailSchema },
    errors: { 409: 'A move the ticket may not make from its status (the answer names the ones it may), or it changed meanwhile' },
    fieldErrors: 'status',
    handle: async ({ params, body }, ctx) => {
      await complaints.setComplaintStatus(ctx.scope, { ticketId: params.ticketId, status: body.status });
      return complaints.getComplaint(ctx.scope, params.ticketId);
    },
  }),

  consoleWarrantyListRoute,

  // GET /api/console/brands/{brand}/warranty.csv?(the list's filters and sort) — streamed. The
  // file names customers: declared with the area's write access (owner, support), as the use case
  // checks again; manager and analyst read the list a page at a time.
  defineRoute({
    method: 'get',
    path: `${base}/warranty.csv`,
    tag: 'console',
    access: { class: 'staff', area: 'warranty', access: 'write' },
    params: consoleBrandParams,
    query: warrantyExportQuerySchema,
    response: { description: 'Every warranty registration the filters match, in the sort asked, as CSV (streamed a page at a time; audited)', files: csvFiles },
    fieldErrors: 'A filter or sort not understood (fields: status, customer, sort, product, batch, from, to)',
    handle: async ({ query }, ctx) => csvAnswer(warranty.WARRANTY_EXPORT_HEADER, await warranty.exportWarranties(ctx.scope, query)),
  }),

  consoleWarrantyRoute,

  // GET /api/console/brands/{brand}/warranty/{warrantyId}/invoice?disposition=inline|attachment
  defineRoute({
    method: 'get',
    path: `${base}/warranty/{warrantyId}/invoice`,
    tag: 'console',
    access: { class: 'staff', area: 'warranty', access: 'read' },
    params: warrantyParams,
    query: fileQuerySchema,
    response: { description: 'The invoice', files: fileResponse },
    handle: async ({ params, query }, ctx) => fileAnswer(await warranty.warrantyInvoice(ctx.scope, params.warrantyId), query.disposition),
  }),

  consoleRedFlagsListRoute,

  // GET /api/console/brands/{brand}/red-flags.csv?(the list's filters and sort) — streamed
  defineRoute({
    method: 'get',
    path: `${base}/red-flags.csv`,
    tag: 'console',
    access: redFlagsRead,
    params: consoleBrandParams,
    query: redFlagExportQuerySchema,
    response: { description: 'Every red flag the filters match, in the sort asked, as CSV (streamed a page at a time; audited)', files: csvFiles },
    fieldErrors: 'A filter or sort not understood, or a place the gazetteer has no town of (fields: status, rule, place, sort, product, batch, from, to)',
    handle: async ({ query }, ctx) => csvAnswer(redFlags.RED_FLAG_EXPORT_HEADER, await redFlags.exportRedFlags(ctx.scope, query)),
  }),

  // POST /api/console/brands/{brand}/red-flags/resolve {ids, note, blacklist?, confirm: true} — several at once
  defineRoute({
    method: 'post',
    path: `${base}/red-flags/resolve`,
    tag: 'console',
    access: { class: 'staff', area: 'redFlags', access: 'write' },
    params: consoleBrandParams,
    body: bulkResolveRedFlagsSchema,
    response: { description: "Resolved as copies, all in one transaction; with blacklist, each unit's codes are blacklisted (each audited, and the whole once more)", schema: bulkResolvedRedFlagsSchema },
    errors: { 404: "A red flag of the list is not the brand's", 409: 'One is already resolved or dismissed: nothing changed' },
    fieldErrors: 'ids (1 to 100, each once), note, blacklist, confirm (must be true)',
    handle: ({ body }, ctx) => redFlags.resolveRedFlags(ctx.scope, { ids: body.ids, note: body.note, blacklist: body.blacklist }),
  }),

  // POST /api/console/brands/{brand}/red-flags/{id}/resolve {note, blacklist?}
  defineRoute({
    method: 'post',
    path: `${base}/red-flags/{id}/resolve`,
    tag: 'console',
    access: { class: 'staff', area: 'redFlags', access: 'write' },
    params: redFlagParams,
    body: resolveRedFlagSchema,
    response: { description: "Resolved: a copy, confirmed; with blacklist, the unit's codes are blacklisted and customers who scan them are told so", schema: closedRedFlagSchema },
    errors: { 409: 'Already resolved or dismissed' },
    fieldErrors: 'note, blacklist',
    handle: ({ params, body }, ctx) => redFlags.closeRedFlag(ctx.scope, { id: params.id, note: body.note, blacklist: body.blacklist }, 'resolved'),
  }),
  // POST /api/console/brands/{brand}/red-flags/{id}/dismiss {note}
  defineRoute({
    method: 'post',
    path: `${base}/red-flags/{id}/dismiss`,
    tag: 'console',
    access: { class: 'staff', area: 'redFlags', access: 'write' },
    params: redFlagParams,
    body: closeRedFlagNoteSchema,
    response: { description: 'Dismissed: not a copy; an automatic blacklisting is lifted', schema: closedRedFlagSchema },
    errors: { 409: 'Already resolved or dismissed' },
    fieldErrors: 'note',
    handle: ({ params, body }, ctx) => redFlags.closeRedFlag(ctx.scope, { id: params.id, note: body.note }, 'dismissed'),
  }),

  consoleReportsListRoute,

  // GET /api/console/brands/{brand}/reports.csv?(the list's filters and sort) — streamed; names no customer
  defineRoute({
    method: 'get',
    path: `${base}/reports.csv`,
    tag: 'console',
    access: redFlagsRead,
    params: consoleBrandParams,
    query: reportExportQuerySchema,
    response: { description: 'Every report the filters match, in the sort asked, as CSV without the customer (streamed a page at a time; audited)', files: csvFiles },
    fieldErrors: 'A filter or sort not understood, or a place the gazetteer has no town of (fields: evidence, place, sort, product, batch, from, to)',
    handle: async ({ query }, ctx) => csvAnswer(REPORT_EXPORT_HEADER, await exportReports(ctx.scope, query)),
  }),

  // GET /api/console/brands/{brand}/reports/{reportId}/photo?disposition=inline|attachment
  defineRoute({
    method: 'get',
    path: `${base}/reports/{reportId}/photo`,
    tag: 'console',
    access: redFlagsRead,
    params: reportParams,
    query: fileQuerySchema,
    response: { description: "The report's photo", files: fileResponse },
    handle: async ({ params, query }, ctx) => fileAnswer(await reportPhoto(ctx.scope, params.reportId), query.disposition),
  }),

  consoleFeedbackListRoute,

  // GET /api/console/brands/{brand}/feedback.csv?(the list's filters and sort) — streamed; names no customer
  defineRoute({
    method: 'get',
    path: `${base}/feedback.csv`,
    tag: 'console',
    access: { class: 'staff', area: 'feedback', access: 'read' },
    params: consoleBrandParams,
    query: feedbackExportQuerySchema,
    response: { description: 'Every answer the filters match, in the sort asked, as CSV without the customer (streamed a page at a time; audited)', files: csvFiles },
    fieldErrors: 'A filter or sort not understood (fields: rating, comment, sort, product, batch, from, to)',
    handle: async ({ query }, ctx) => csvAnswer(FEEDBACK_EXPORT_HEADER, await exportFeedback(ctx.scope, query)),
  }),
];
