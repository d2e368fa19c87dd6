import { z } from 'zod';
import { fileRefSchema } from './files';
import { unitParamsSchema } from './my-products';

// POST /api/customer/warranties (multipart: unitId, purchaseDate, invoice),
// GET /api/customer/warranties, GET /api/customer/warranties/{unitId}

export const WARRANTY_FORM_MAX_BYTES = 10 * 1024 * 1024 + 64 * 1024;

export const registerWarrantyFieldsSchema = z
  .object({
    unitId: z.string().trim().min(1, 'is required').max(64),
    purchaseDate: z.iso.date('must be a date like 2025-01-31'),
  })
  .strict();

export const warrantySchema = z.object({
  warrantyId: z.string(),
  unitId: z.string(),
  productId: z.string(),
  productName: z.string(),
  warrantyMonths: z.number().int(),
  purchaseDate: z.iso.date(),
  startsOn: z.iso.date(),
  endsOn: z.iso.date(),
  /** ACTIVE through endsOn, EXPIRED after it; VOID when the brand voided it. */
  status: z.enum(['ACTIVE', 'EXPIRED', 'VOID']),
  invoice: fileRefSchema,
  registeredAt: z.iso.datetime(),
});
export type Warranty = z.infer<typeof warrantySchema>;

export const warrantiesResponseSchema = z.object({ warranties: z.array(warrantySchema) });
export const warrantyParamsSchema = unitParamsSchema;
