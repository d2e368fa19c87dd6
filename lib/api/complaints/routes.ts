import 'server-only';
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppContext, AppEnv } from '../context';
import { errorResponses, errorBodySchema } from '../openapi';
import { requireCustomer } from '../auth/require-customer';
import { brandConfig } from '../verify/scan-guard';
import { requireAfterSalesModule } from '../aftersales/module';
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

export const complaintRoutes = new OpenAPIHono<AppEnv>();

const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });

// GET /api/customer/complaints/options — categories and the brand's priorities for the form
complaintRoutes.openapi(
  createRoute({ method: 'get', path: '/customer/complaints/options', tags: ['complaints'], middleware: [requireCustomer] as const, security: [{ bearer: [] }], responses: { 200: json(complaintOptionsSchema, 'Form options'), ...errorResponses } }),
  async (c) => {
    requireAfterSalesModule(c, 'isComplaintManagementEnabled');
    const priorities = brandConfig(c as unknown as AppContext).complaintConfig.priorities;
    return c.json(complaintOptionsSchema.parse({ categories: [...COMPLAINT_CATEGORIES], priorities, maxAttachments: COMPLAINT_MAX_ATTACHMENTS }), 200);
  },
);

// POST /api/customer/complaints (multipart/form-data) — raise a ticket
complaintRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/customer/complaints',
    tags: ['complaints'],
    middleware: [requireCustomer] as const,
    security: [{ bearer: [] }],
    description:
      'multipart/form-data: category, priority (one of complaintConfig.priorities), description (10-2000), unitId or productId (optional), attachments (0-3 files: image up to 5 MB, PDF up to 10 MB, video up to 25 MB).',
    responses: {
      201: json(complaintDetailSchema, 'The ticket'),
      413: json(errorBodySchema, 'A file or the whole form is too large'),
      415: json(errorBodySchema, 'An attachment is not an image, video or PDF by its content'),
      ...errorResponses,
    },
  }),
  async (c) => {
    const ctx = c as unknown as AppContext;
    requireAfterSalesModule(ctx, 'isComplaintManagementEnabled');
    await hitRateLimit(`complaint:${c.var.client.id}:${c.var.auth.customerId}`, { limit: 20, windowSeconds: 3600, message: 'Too many complaints in an hour. Please try again later.' });
    const form = await readUploadForm(ctx, {
      fileFields: { attachments: mediaField('attachments', ['image', 'video', 'pdf'], COMPLAINT_MAX_ATTACHMENTS, `attachments: at most ${COMPLAINT_MAX_ATTACHMENTS} files`) },
      maxBytes: COMPLAINT_FORM_MAX_BYTES,
      what: 'complaint',
      owner: { clientId: c.var.client.id, customerId: c.var.auth.customerId },
    });
    const priorities = brandConfig(ctx).complaintConfig.priorities;
    const ticket = await usingUploads(form, (f) => raiseComplaint(c.var.client.id, c.var.auth.customerId, priorities, f));
    return c.json(complaintDetailSchema.parse(ticket), 201);
  },
);

// GET /api/customer/complaints — the customer's tickets, newest first
complaintRoutes.openapi(
  createRoute({ method: 'get', path: '/customer/complaints', tags: ['complaints'], middleware: [requireCustomer] as const, security: [{ bearer: [] }], responses: { 200: json(complaintsResponseSchema, 'Tickets'), ...errorResponses } }),
  async (c) => {
    requireAfterSalesModule(c, 'isComplaintManagementEnabled');
    return c.json(complaintsResponseSchema.parse({ complaints: await listComplaints(await getDb(), c.var.client.id, c.var.auth.customerId) }), 200);
  },
);

// GET /api/customer/complaints/{ticketId} — one ticket with its thread
complaintRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/customer/complaints/{ticketId}',
    tags: ['complaints'],
    middleware: [requireCustomer] as const,
    security: [{ bearer: [] }],
    request: { params: ticketParamsSchema },
    responses: { 200: json(complaintDetailSchema, 'The ticket'), ...errorResponses },
  }),
  async (c) => {
    requireAfterSalesModule(c, 'isComplaintManagementEnabled');
    const detail = await getComplaint(await getDb(), c.var.client.id, c.var.auth.customerId, c.req.valid('param').ticketId);
    return c.json(complaintDetailSchema.parse(detail), 200);
  },
);

// POST /api/customer/complaints/{ticketId}/messages { body } — reply in the thread
complaintRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/customer/complaints/{ticketId}/messages',
    tags: ['complaints'],
    middleware: [requireCustomer] as const,
    security: [{ bearer: [] }],
    request: { params: ticketParamsSchema, body: { content: { 'application/json': { schema: replyBodySchema } }, required: true } },
    responses: { 201: json(complaintDetailSchema, 'The ticket with the reply'), 409: json(errorBodySchema, 'Ticket closed'), ...errorResponses },
  }),
  async (c) => {
    requireAfterSalesModule(c, 'isComplaintManagementEnabled');
    const { ticketId } = c.req.valid('param');
    const { body } = c.req.valid('json');
    await hitRateLimit(`complaint-reply:${c.var.client.id}:${c.var.auth.customerId}`, COMPLAINT_REPLY_LIMIT);
    const detail = await replyToComplaint(c.var.client.id, c.var.auth.customerId, ticketId, body);
    return c.json(complaintDetailSchema.parse(detail), 201);
  },
);
