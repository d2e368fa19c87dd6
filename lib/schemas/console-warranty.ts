import { z } from 'zod';
import { blankIsUnset, pageFields } from './console-complaints';
import { listFilterShape, rangeInOrder, sortField } from './console-list';

// The console's warranty registrations (issue 12): list, filters and one registration with its
// customer, product, dates and invoice. Read-only here.

export const CONSOLE_WARRANTY_STATUSES = ['ACTIVE', 'EXPIRED', 'VOID'] as const;

/** The columns the registrations sort by (the table kit): registered, purchased, covered until, product. */
export const WARRANTY_SORTS = ['created', 'purchased', 'ends', 'product'] as const;

const warrantyFilterShape = {
  status: z.preprocess(blankIsUnset, z.enum([...CONSOLE_WARRANTY_STATUSES, 'all'], { error: 'must be one of: ACTIVE, EXPIRED, VOID, all' }).default('all')),
  /** Part of the customer's name, e-mail or mobile. */
  customer: z.preprocess(blankIsUnset, z.string().trim().min(1).max(120, 'must be at most 120 characters').optional()),
  sort: sortField(WARRANTY_SORTS, '-created'),
  /** Registered from / to (UTC days, both counted), the product (an id) and the batch (its number) of the unit. */
  ...listFilterShape,
};

export const warrantyListQuerySchema = z
  .object({ ...warrantyFilterShape, ...pageFields })
  .strict()
  .superRefine(rangeInOrder);
export type WarrantyListQuery = z.output<typeof warrantyListQuerySchema>;
/** The same filters and sort, for the CSV of every matching registration. */
export const warrantyExportQuerySchema = z.object(warrantyFilterShape).strict().superRefine(rangeInOrder);
export type WarrantyExportQuery = z.output<typeof warrantyExportQuerySchema>;

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
