import 'server-only';
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppContext, AppEnv } from '../context';
import { errorResponses, errorBodySchema } from '../openapi';
import { notFound } from '@/lib/errors';
import { requireCustomer } from '../auth/require-customer';
import { requireAfterSalesModule } from '../aftersales/module';
import { mediaField, readUploadForm, usingUploads } from '../aftersales/read-upload-form';
import { getDb } from '@/lib/db/client';
import { WARRANTY_FORM_MAX_BYTES, warrantiesResponseSchema, warrantyParamsSchema, warrantySchema } from '@/lib/schemas/warranty';
import { registerWarranty } from './register-warranty';
import { findWarranties } from './shape-warranty';

// Warranty registration on claimed units (isWarrantyEnabled).

export const warrantyRoutes = new OpenAPIHono<AppEnv>();

const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });

// POST /api/customer/warranties (multipart/form-data: unitId, purchaseDate, invoice) — register
warrantyRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/customer/warranties',
    tags: ['warranty'],
    middleware: [requireCustomer] as const,
    security: [{ bearer: [] }],
    description: 'multipart/form-data: unitId, purchaseDate (YYYY-MM-DD), invoice (PNG, JPEG, WebP or GIF up to 5 MB, or PDF up to 10 MB).',
    responses: {
      201: json(warrantySchema, 'Warranty registered'),
      409: json(errorBodySchema, 'Already registered'),
      413: json(errorBodySchema, 'Invoice too large'),
      415: json(errorBodySchema, 'Invoice is not an image or PDF by its content'),
      ...errorResponses,
    },
  }),
  async (c) => {
    const ctx = c as unknown as AppContext;
    requireAfterSalesModule(ctx, 'isWarrantyEnabled');
    const form = await readUploadForm(ctx, {
      fileFields: { invoice: mediaField('invoice', ['image', 'pdf'], 1, 'invoice: attach one file') },
      maxBytes: WARRANTY_FORM_MAX_BYTES,
      what: 'warranty registration',
      owner: { clientId: c.var.client.id, customerId: c.var.auth.customerId },
    });
    const warranty = await usingUploads(form, (f) => registerWarranty(c.var.client.id, c.var.auth.customerId, f));
    return c.json(warrantySchema.parse(warranty), 201);
  },
);

// GET /api/customer/warranties — the customer's warranties, newest first
warrantyRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/customer/warranties',
    tags: ['warranty'],
    middleware: [requireCustomer] as const,
    security: [{ bearer: [] }],
    responses: { 200: json(warrantiesResponseSchema, 'Warranties'), ...errorResponses },
  }),
  async (c) => {
    requireAfterSalesModule(c, 'isWarrantyEnabled');
    const list = await findWarranties(await getDb(), c.var.client.id, c.var.auth.customerId);
    return c.json(warrantiesResponseSchema.parse({ warranties: list }), 200);
  },
);

// GET /api/customer/warranties/{unitId} — the warranty of one unit (404 when none)
warrantyRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/customer/warranties/{unitId}',
    tags: ['warranty'],
    middleware: [requireCustomer] as const,
    security: [{ bearer: [] }],
    request: { params: warrantyParamsSchema },
    responses: { 200: json(warrantySchema, 'The warranty'), ...errorResponses },
  }),
  async (c) => {
    requireAfterSalesModule(c, 'isWarrantyEnabled');
    const [w] = await findWarranties(await getDb(), c.var.client.id, c.var.auth.customerId, c.req.valid('param').unitId);
    if (!w) throw notFound('Warranty');
    return c.json(warrantySchema.parse(w), 200);
  },
);
