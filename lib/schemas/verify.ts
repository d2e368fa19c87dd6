import { z } from 'zod';
import { VERDICT_LABELS, VERIFY_ROUTES } from '@/lib/domain/verdict';
import { QR_ID_MAX_LENGTH } from '@/lib/domain/qr-id';
import { RISK_REASON_CODES } from '@/lib/shared/risk-words';

// Contracts of the verify API (docs/verification.md): GET /api/verify/{route}/{qrId},
// POST /api/device-id
export const deviceIdResponseSchema = z.object({ deviceId: z.string() }).strict();

// POST /api/verify/auth-code, GET /api/verify/batch/{batchNumber}, GET /api/tracking/{qrId},
// POST /api/report.

export const verifyRouteSchema = z.enum(VERIFY_ROUTES);
export const verdictLabelSchema = z.enum(VERDICT_LABELS);
export const scanKindSchema = z.enum(['pre sale', 'post sale', 'info', 'tracking']);

/** Path qrId: only the length is checked here; the charset decides Fake vs 422 in the handler. */
export const verifyParamsSchema = z.object({
  route: verifyRouteSchema,
  qrId: z.string().min(1).max(QR_ID_MAX_LENGTH * 4),
});

const latitude = z.coerce.number().min(-90, 'must be between -90 and 90').max(90, 'must be between -90 and 90');
const longitude = z.coerce.number().min(-180, 'must be between -180 and 180').max(180, 'must be between -180 and 180');

/** Coarse location, only when the customer allows it: both or neither. */
export const verifyQuerySchema = z
  .object({
    lat: latitude.optional(),
    lng: longitude.optional(),
    /** '1': a preview (a link-preview fetcher, a crawler, a prefetch): answered with the product only, nothing recorded. */
    preview: z.literal('1', { error: "must be '1' when given" }).optional(),
  })
  .strict()
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), { message: 'lat and lng go together', path: ['lng'] });

export const productInfoSchema = z.object({
  name: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  attributes: z.array(z.object({ name: z.string(), value: z.string() })),
  warrantyMonths: z.number().int(),
});

/** Dates as YYYY-MM-DD, or the spec's placeholders where a date does not apply. */
export const batchInfoSchema = z.object({
  batchNumber: z.string(),
  mfgDate: z.union([z.iso.date(), z.literal('Not Available')]),
  expiryDate: z.union([z.iso.date(), z.literal('Not Applicable')]),
});

/** RISK_LEVELS of lib/domain/risk.ts (spelled out: this schema is also read in the browser). */
export const riskLevelSchema = z.enum(['none', 'caution', 'suspect']);
/**
 * A reason by its stable code (lib/shared/risk-words.ts) with its named values: numbers (people,
 * km, days, hours: 0 is "within an hour"), days as 'YYYY-MM-DD', place names and country codes as written.
 */
export const riskReasonSchema = z
  .object({
    code: z.enum(RISK_REASON_CODES),
    values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  })
  .strict();
export const riskSchema = z
  .object({
    level: riskLevelSchema,
    /** The reasons in English words, as the API always sent them. */
    reasons: z.array(z.string()),
    /** The same reasons, in the same order, by code and values: what a screen shows in the customer's language. */
    reasonCodes: z.array(riskReasonSchema),
    /**
     * Present (true) when the customer shared no location with this check and a place shared now
     * would be where they first checked the unit (within an hour of that first check, on the same
     * device): ask, and send it with the same check again (?lat=&lng=).
     */
    askLocation: z.literal(true).optional(),
  })
  .strict();

export const verifyResponseSchema = z
  .object({
    result: verdictLabelSchema,
    kind: scanKindSchema,
    layer: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    code: z.object({ qrId: z.string(), level: z.union([z.literal(6), z.literal(7), z.literal(8), z.literal(9)]) }).optional(),
    product: productInfoSchema.optional(),
    batch: batchInfoSchema.optional(),
    verification: z.object({ count: z.number().int(), firstVerifiedAt: z.iso.datetime() }).optional(),
    /** `unitId`: only on the asker's own claim, the unit of their products (what the claim earns is read by it). */
    claim: z.object({ claimedAt: z.iso.datetime(), byYou: z.boolean(), unitId: z.string().optional() }).nullable().optional(),
    /** Beside the label, wherever verification is: how likely a copy, and why (docs/verification.md, "Risk"). */
    risk: riskSchema.optional(),
    /** A Fake, Product Claimed or suspect answer: the reference of its evidence report (GET /api/verify/evidence/{reference}). */
    evidence: z.object({ reference: z.string() }).strict().optional(),
  })
  .strict();
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

// POST /api/verify/auth-code
export const authCodeBodySchema = z.object({ code: z.string().min(1, 'is required').max(40, 'must be at most 40 characters') }).strict();

// GET /api/verify/batch/{batchNumber}
export const batchNumberParamsSchema = z.object({ batchNumber: z.string().trim().min(1).max(64) });
export const batchDetailsResponseSchema = z.object({ product: productInfoSchema, batch: batchInfoSchema }).strict();

// GET /api/tracking/{qrId}
export const trackingResponseSchema = z
  .object({
    code: z.object({ qrId: z.string(), level: z.union([z.literal(6), z.literal(7), z.literal(8), z.literal(9)]) }),
    product: productInfoSchema,
    batch: batchInfoSchema,
    events: z.array(
      z.object({
        stage: z.string(),
        place: z.string(),
        at: z.iso.datetime(),
        /** Level of the code the event was recorded on: the unit itself (6/7), its case (8) or pallet (9). */
        level: z.union([z.literal(6), z.literal(7), z.literal(8), z.literal(9)]),
      }),
    ),
  })
  .strict();

// POST /api/report (multipart/form-data)
export { REPORT_PHOTO_MAX_BYTES } from '@/lib/domain/report';
export const reportFieldsSchema = z
  .object({
    description: z.string().trim().min(1, 'is required').max(2000, 'must be at most 2000 characters'),
    qrId: z.string().trim().max(QR_ID_MAX_LENGTH, `must be at most ${QR_ID_MAX_LENGTH} characters`).optional(),
    lat: latitude.optional(),
    lng: longitude.optional(),
  })
  .strict()
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), { message: 'lat and lng go together', path: ['lng'] });
export const reportResponseSchema = z.object({ reportId: z.string(), photoStored: z.boolean() }).strict();

// GET /api/verify/evidence/{reference} (application/pdf)
export const evidenceParamsSchema = z.object({ reference: z.string().min(1).max(64) });
