import { z } from 'zod';
import { blankIsUnset, pageFields, productFilter } from './console-complaints';

// The console's warranty registrations (issue 12): list, filters and one registration with its
// customer, product, dates and invoice. Read-only here.

export const CONSOLE_WARRANTY_STATUSES = ['ACTIVE', 'EXPIRED', 'VOID'] as const;
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-01-31').refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'must be a real date');

export const warrantyListQuerySchema = z
  .object({
    status: z.preprocess(blankIsUnset, z.enum([...CONSOLE_WARRANTY_STATUSES, 'all'], { error: 'must be one of: ACTIVE, EXPIRED, VOID, all' }).default('all')),
    product: productFilter,
    /** Part of the customer's name, e-mail or mobile. */
    customer: z.preprocess(blankIsUnset, z.string().trim().min(1).max(120, 'must be at most 120 characters').optional()),
    /** Registered on or after / on or before (YYYY-MM-DD, UTC). */
    from: z.preprocess(blankIsUnset, isoDate.optional()),
    to: z.preprocess(blankIsUnset, isoDate.optional()),
    ...pageFields,
  })
  .strict()
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'must not be before from', path: ['to'] });
export type WarrantyListQuery = z.output<typeof warrantyListQuerySchema>;

export const consoleWarrantyRowSchema = z
  .object({
    warrantyId: z.string(),
    status: z.enum(CONSOLE_WARRANTY_STATUSES),
    customerName: z.string(),
    productId: z.string(),
    productName: z.string(),
    unitId: z.string(),
    purchaseDate: z.string(),
    startsOn: z.string(),
    endsOn: z.string(),
    registeredAt: z.iso.datetime(),
  })
  .strict();
export type ConsoleWarrantyRow = z.infer<typeof consoleWarrantyRowSchema>;

export const warrantyListSchema = z
  .object({ warranties: z.array(consoleWarrantyRowSchema), page: z.number().int(), pageSize: z.number().int(), total: z.number().int(), products: z.array(z.object({ id: z.string(), name: z.string() }).strict()) })
  .strict();
export type ConsoleWarrantyList = z.infer<typeof warrantyListSchema>;

export const consoleWarrantyDetailSchema = consoleWarrantyRowSchema
  .extend({
    warrantyMonths: z.number().int(),
    customer: z.object({ name: z.string(), email: z.string().nullable(), mobile: z.string().nullable() }).strict(),
    invoice: z.object({ fileId: z.string(), name: z.string(), mediaType: z.enum(['image', 'video', 'pdf']), contentType: z.string(), size: z.number().int(), url: z.string() }).strict().nullable(),
  })
  .strict();
export type ConsoleWarrantyDetail = z.infer<typeof consoleWarrantyDetailSchema>;

export const warrantyIdSchema = z.string().trim().min(1, 'is required').max(64, 'must be at most 64 characters');

export const warrantyInvoiceUrl = (brandSlug: string, warrantyId: string) =>
  `/api/console/brands/${encodeURIComponent(brandSlug)}/warranty/${encodeURIComponent(warrantyId)}/invoice`;
