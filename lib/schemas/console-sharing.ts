import { z } from 'zod';
import { brandSlugSchema, consoleBrandParams } from './console';

// What a Manufacturer brand shares with Retailer organisations (issue 12, docs/console.md,
// "Retailer organisations"): the brand's Sharing screen (settings area) and the retailer's
// "Shared with us" area. Shared by the API, the command line and the console's screens.

const onOff = z.boolean();

/** POST /api/console/brands/{brand}/sharing: share with a retailer, or change what is shared. */
export const shareBodySchema = z
  .object({
    retailer: brandSlugSchema,
    /** Left out: unchanged (off for a new share). */
    scans: onOff.optional(),
    complaints: onOff.optional(),
  })
  .strict();
export type ShareInput = z.infer<typeof shareBodySchema>;

/** POST /api/console/brands/{brand}/sharing/remove */
export const unshareBodySchema = z.object({ retailer: brandSlugSchema }).strict();

/** POST /api/console/brands/{brand}/sharing/batches: the retailer selling a batch (null: none). */
export const batchRetailerBodySchema = z
  .object({
    batchNumber: z.string().trim().min(1, 'is required').max(64, 'must be at most 64 characters'),
    retailer: brandSlugSchema.nullable(),
  })
  .strict();
export type BatchRetailerInput = z.infer<typeof batchRetailerBodySchema>;

export const shareRowSchema = z.object({
  retailer: z.string(),
  retailerName: z.string(),
  scans: z.boolean(),
  complaints: z.boolean(),
  /** The brand's batches assigned to this retailer. */
  batches: z.array(z.object({ batchNumber: z.string(), productName: z.string() })),
  createdAt: z.string(),
});
export type ShareRow = z.infer<typeof shareRowSchema>;

/** GET /api/console/brands/{brand}/sharing */
export const sharingSchema = z.object({ shares: z.array(shareRowSchema) });
export type SharingView = z.infer<typeof sharingSchema>;

export const batchRetailerSchema = z.object({ batchNumber: z.string(), retailer: z.string().nullable() });

/** GET /api/console/brands/{brand}/shared: the brands sharing something with this retailer. */
export const sharedWithUsSchema = z.object({
  brands: z.array(z.object({ slug: z.string(), name: z.string(), scans: z.boolean(), complaints: z.boolean() })),
});
export type SharedWithUs = z.infer<typeof sharedWithUsSchema>;

export const SHARED_PAGE_SIZE = 50;

export const sharedParams = consoleBrandParams.extend({ from: brandSlugSchema });
export const sharedPageQuery = z
  .object({ page: z.coerce.number().int('must be a whole number').min(1, 'must be 1 or more').max(10_000, 'is too far').default(1) })
  .strict();

const pageFields = { page: z.number(), pageSize: z.number(), total: z.number() };

/** A scan of a shared batch: never who scanned, nor their device or session. */
export const sharedScanSchema = z.object({
  at: z.string(),
  /** Rounded to one decimal (about 11 km); null when the scan had no place. near: the city near it, else empty. */
  place: z.object({ lat: z.number(), lng: z.number(), near: z.string() }).nullable(),
  product: z.string(),
  batchNumber: z.string(),
  result: z.string(),
  risk: z.string().nullable(),
});
export const sharedScansSchema = z.object({ ...pageFields, scans: z.array(sharedScanSchema) });
export type SharedScans = z.infer<typeof sharedScansSchema>;

/** A complaint about a unit of a shared batch: never the customer or their contact details. */
export const sharedComplaintSchema = z.object({
  ticketId: z.string(),
  product: z.string(),
  batchNumber: z.string(),
  status: z.string(),
  priority: z.string(),
  createdAt: z.string(),
  ageDays: z.number(),
});
export const sharedComplaintsSchema = z.object({ ...pageFields, complaints: z.array(sharedComplaintSchema) });
export type SharedComplaints = z.infer<typeof sharedComplaintsSchema>;
