import 'server-only';
import { defineRoute } from '../define-route';
import { mediaField, readUploadForm, usingUploads } from '../aftersales/read-upload-form';
import { hitRateLimit } from '../rate-limit';
import { COMPLAINT_REPLY_LIMIT } from '../append-limits';
import { getDb } from '@/lib/db/client';
import {
  COMPLAINT_CATEGORIES,
  COMPLAINT_FORM_MAX_BYTES,
  COMPLAINT_MAX_ATTACHMENTS,
  complaintDetailSchema,
  complaintOptionsSchema,
  complaintsResponseSchema,
  replyBodySchema,
  ticketParamsSchema,
} from '@/lib/schemas/complaints';
import { getComplaint, listComplaints } from './find-complaints';
import { raiseComplaint } from './raise-complaint';
import { replyToComplaint } from './reply-complaint';

// Complaints (isComplaintManagementEnabled): raise with attachments, list, thread, reply.

const flag = 'isComplaintManagementEnabled';
const COMPLAINT_LIMIT = { limit: 20, windowSeconds: 3600, message: 'Too many complaints in an hour. Please try again later.' };

export const complaintsRoute = defineRoute({
  method: 'get',
  path: '/customer/complaints',
  tag: 'complaints',
  access: 'customer',
  flag,
  response: { description: 'Tickets', schema: complaintsResponseSchema },
  handle: async (_input, ctx) => ({ complaints: await listComplaints(await getDb(), ctx.clientId, ctx.customerId) }),
});

export const complaintRoute = defineRoute({
  method: 'get',
  path: '/customer/complaints/{ticketId}',
  tag: 'complaints',
  access: 'customer',
  flag,
  params: ticketParamsSchema,
  response: { description: 'The ticket', schema: complaintDetailSchema },
  handle: async ({ params }, ctx) => getComplaint(await getDb(), ctx.clientId, ctx.customerId, params.ticketId),
});

export const complaintRoutes = [
  // GET /api/customer/complaints/options — categories and the brand's priorities for the form
  defineRoute({
    method: 'get',
    path: '/customer/complaints/options',
    tag: 'complaints',
    access: 'customer',
    flag,
    response: { description: 'Form options', schema: complaintOptionsSchema },
    handle: (_input, ctx) => ({ categories: [...COMPLAINT_CATEGORIES], priorities: ctx.config.complaintConfig.priorities, maxAttachments: COMPLAINT_MAX_ATTACHMENTS }),
  }),

  // POST /api/customer/complaints (multipart/form-data) — raise a ticket
  defineRoute({
    method: 'post',
    path: '/customer/complaints',
    tag: 'complaints',
    access: 'customer',
    flag,
    upload: {
      fields:
        'category, priority (one of complaintConfig.priorities), description (10-2000), unitId or productId (optional), attachments (0-3 files: image up to 5 MB, PDF up to 10 MB, video up to 25 MB).',
    },
    response: { status: 201, description: 'The ticket', schema: complaintDetailSchema },
    errors: { 413: 'A file or the whole form is too large', 415: 'An attachment is not an image, video or PDF by its content' },
    handle: async ({ upload }, ctx) => {
      await hitRateLimit(`complaint:${ctx.clientId}:${ctx.customerId}`, COMPLAINT_LIMIT);
      const form = await readUploadForm(upload, {
        fileFields: { attachments: mediaField('attachments', ['image', 'video', 'pdf'], COMPLAINT_MAX_ATTACHMENTS, `attachments: at most ${COMPLAINT_MAX_ATTACHMENTS} files`) },
        maxBytes: COMPLAINT_FORM_MAX_BYTES,
        what: 'complaint',
        owner: { clientId: ctx.clientId, customerId: ctx.customerId },
      });
      return usingUploads(form, (f) => raiseComplaint(ctx.clientId, ctx.customerId, ctx.config.complaintConfig.priorities, f));
    },
  }),

  // GET /api/customer/complaints — the customer's tickets, newest first
  complaintsRoute,

  // GET /api/customer/complaints/{ticketId} — one ticket with its thread
  complaintRoute,

  // POST /api/customer/complaints/{ticketId}/messages { body } — reply in the thread
  defineRoute({
    method: 'post',
    path: '/customer/complaints/{ticketId}/messages',
    tag: 'complaints',
    access: 'customer',
    flag,
    params: ticketParamsSchema,
    body: replyBodySchema,
    response: { status: 201, description: 'The ticket with the reply', schema: complaintDetailSchema },
    errors: { 409: 'Ticket closed' },
    handle: async ({ params, body }, ctx) => {
      await hitRateLimit(`complaint-reply:${ctx.clientId}:${ctx.customerId}`, COMPLAINT_REPLY_LIMIT);
      return replyToComplaint(ctx.clientId, ctx.customerId, params.ticketId, body.body);
    },
  }),
];
