import { z } from 'zod';
import { batchInfoSchema, productInfoSchema } from './verify';

// GET /api/customer/my-products, GET /api/customer/my-products/{unitId}

export const unitParamsSchema = z.object({ unitId: z.string().min(1).max(64) });

export const expirySchema = z.object({
  expiryDate: z.union([z.iso.date(), z.literal('Not Applicable')]),
  isExpired: z.boolean(),
  /** Days until the expiry date (negative once past); null when the product does not expire. */
  daysLeft: z.number().int().nullable(),
});

export const myProductSchema = z.object({
  unitId: z.string(),
  productId: z.string(),
  product: productInfoSchema,
  batch: batchInfoSchema,
  claimedAt: z.iso.datetime(),
  expiry: expirySchema,
  warranty: z.object({ status: z.enum(['ACTIVE', 'EXPIRED', 'VOID']), endsOn: z.iso.date() }).nullable(),
});
export type MyProduct = z.infer<typeof myProductSchema>;

export const myProductsResponseSchema = z.object({ products: z.array(myProductSchema) });

export const trackingEventSchema = z.object({ stage: z.string(), place: z.string(), at: z.iso.datetime(), level: z.number().int() });

export const myProductDetailsSchema = myProductSchema.extend({
  /** Tracking events of the unit, its case and pallet, oldest first; empty when the brand has tracking off. */
  tracking: z.object({ enabled: z.boolean(), events: z.array(trackingEventSchema) }),
  /** Whether the product has a scan journey, and whether this unit has finished it. */
  journey: z.object({ available: z.boolean(), completed: z.boolean() }),
});
