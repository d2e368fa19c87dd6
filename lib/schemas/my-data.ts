import { z } from 'zod';
import { customerProfileSchema } from './customer';
import { myProductsResponseSchema } from './my-products';
import { warrantiesResponseSchema } from './warranty';
import { complaintsResponseSchema } from './complaints';
import { rewardsResponseSchema, transactionsResponseSchema } from './rewards';
import { customerMessagesSchema } from './messages';
import { LEGAL_DOCUMENT_TYPES } from '@/lib/domain/legal';

// GET /api/customer/my-data — everything the brand holds about the signed-in customer, as one
// JSON document they can download (India's Digital Personal Data Protection Act gives them the
// right to it), with the consents they gave and when.

export const consentsSchema = z.object({
  /** Every policy version accepted, oldest first, with when. */
  policies: z.array(z.object({ documentType: z.enum(LEGAL_DOCUMENT_TYPES), version: z.number().int(), acknowledgedAt: z.iso.datetime() })),
  /** Each time cookie consent was given, oldest first. */
  cookieConsent: z.array(z.object({ givenAt: z.iso.datetime() })),
});
export type Consents = z.infer<typeof consentsSchema>;

export const myDataSchema = z.object({
  exportedAt: z.iso.datetime(),
  brand: z.string(),
  profile: customerProfileSchema,
  products: myProductsResponseSchema.shape.products,
  warranties: warrantiesResponseSchema.shape.warranties,
  complaints: complaintsResponseSchema.shape.complaints,
  rewards: rewardsResponseSchema.shape.rewards,
  transactions: transactionsResponseSchema.shape.transactions,
  /** The messages sent to the customer, as the app lists them (newest first, at most 100). */
  messages: customerMessagesSchema.shape.messages,
  consents: consentsSchema,
});
export type MyData = z.infer<typeof myDataSchema>;
