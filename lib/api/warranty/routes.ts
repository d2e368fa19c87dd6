import 'server-only';
import { defineRoute } from '../define-route';
import { notFound } from '@/lib/errors';
import { mediaField, readUploadForm, usingUploads } from '../aftersales/read-upload-form';
import { getDb } from '@/lib/db/client';
import { WARRANTY_FORM_MAX_BYTES, warrantiesResponseSchema, warrantyParamsSchema, warrantySchema } from '@/lib/schemas/warranty';
import { registerWarranty } from './register-warranty';
import { findWarranties } from './shape-warranty';

// Warranty registration on claimed units (isWarrantyEnabled).

const flag = 'isWarrantyEnabled';

export const warrantyRoutes = [
  // POST /api/customer/warranties (multipart/form-data: unitId, purchaseDate, invoice) — register
  defineRoute({
    method: 'post',
    path: '/customer/warranties',
    tag: 'warranty',
    access: 'customer',
    flag,
    upload: { fields: 'unitId, purchaseDate (YYYY-MM-DD), invoice (PNG, JPEG, WebP or GIF up to 5 MB, or PDF up to 10 MB).' },
    response: { status: 201, description: 'Warranty registered', schema: warrantySchema },
    errors: { 409: 'Already registered', 413: 'Invoice too large', 415: 'Invoice is not an image or PDF by its content' },
    handle: async ({ upload }, ctx) => {
      const form = await readUploadForm(upload, {
        fileFields: { invoice: mediaField('invoice', ['image', 'pdf'], 1, 'invoice: attach one file') },
        maxBytes: WARRANTY_FORM_MAX_BYTES,
        what: 'warranty registration',
        owner: { clientId: ctx.clientId, customerId: ctx.customerId },
      });
      return usingUploads(form, (f) => registerWarranty(ctx.clientId, ctx.customerId, f));
    },
  }),

  // GET /api/customer/warranties — the customer's warranties, newest first
  defineRoute({
    method: 'get',
    path: '/customer/warranties',
    tag: 'warranty',
    access: 'customer',
    flag,
    response: { description: 'Warranties', schema: warrantiesResponseSchema },
    handle: async (_input, ctx) => ({ warranties: await findWarranties(await getDb(), ctx.clientId, ctx.customerId) }),
  }),

  // GET /api/customer/warranties/{unitId} — the warranty of one unit (404 when none)
  defineRoute({
    method: 'get',
    path: '/customer/warranties/{unitId}',
    tag: 'warranty',
    access: 'customer',
    flag,
    params: warrantyParamsSchema,
    response: { description: 'The warranty', schema: warrantySchema },
    handle: async ({ params }, ctx) => {
      const [w] = await findWarranties(await getDb(), ctx.clientId, ctx.customerId, params.unitId);
      if (!w) throw notFound('Warranty');
      return w;
    },
  }),
];
