import { z } from 'zod';
import { reportFilterShape } from './console-reports';

// Red flags and a code's timeline for the brand (docs/verification.md, "Risk"): the operator
// commands red-flags, resolve-red-flag, dismiss-red-flag and code-timeline (command line, or
// POST /api/operator/run through the operator socket).

const slug = z.string().min(1, 'is required');
const text = (max: number) => z.union([z.string(), z.number()]).transform((v) => String(v).trim()).pipe(z.string().min(1, 'is required').max(max, `must be at most ${max} characters`));

/** 'brand': a brand's own mark in the console (docs/verification.md, "The brand's decision"). */
export const RISK_RULE_NAMES = ['sessions', 'places', 'travel', 'consumed', 'market', 'sellBy', 'covert', 'destination', 'hidden', 'brand'] as const;

// set-batch-markets: the countries a batch is sold in (the market rule).
const country = z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'must be two-letter country codes like IN,NP');
export const setBatchMarketsArgs = z
  .object({
    slug,
    batch: text(64),
    markets: z.union([z.string(), z.array(z.string())]).transform((v) => (Array.isArray(v) ? v : v === '' ? [] : v.split(','))).pipe(z.array(country).max(250)),
  })
  .strict();

export const listRedFlagsArgs = z
  .object({
    slug,
    status: z.enum(['open', 'resolved', 'dismissed', 'all'], { error: "must be 'open', 'resolved', 'dismissed' or 'all'" }).default('open'),
    rule: z.enum(RISK_RULE_NAMES, { error: `must be one of ${RISK_RULE_NAMES.join(', ')}` }).optional(),
    product: text(64).optional(),
    limit: z.coerce.number().int().min(1).max(1000).default(100),
  })
  .strict();

/** Customers' reports of suspicious products (list-reports): at most 100, as a console page. */
export const listReportsArgs = z
  .object({
    slug,
    product: reportFilterShape.product,
    evidence: reportFilterShape.evidence,
    limit: z.coerce.number().int().min(1).max(100).default(100),
  })
  .strict();

export const closeRedFlagArgs = z.object({ slug, id: text(64), note: text(2000) }).strict();

export const codeTimelineArgs = z.object({ slug, qrId: text(64), limit: z.coerce.number().int().min(1).max(5000).default(200) }).strict();

export const redFlagSchema = z
  .object({
    id: z.string(),
    createdAt: z.iso.datetime(),
    status: z.enum(['open', 'resolved', 'dismissed']),
    rules: z.array(z.string()),
    qrId: z.string(),
    productId: z.string(),
    product: z.string(),
    reasons: z.array(z.string()),
    blacklisted: z.boolean(),
    note: z.string(),
    closedAt: z.string(),
    /**
     * Where the unit was last checked with a place (its latest scan that has one), rounded to one
     * decimal as the overview's map places red flags; near: the city near it, else empty. Null
     * when no scan of the unit has a place.
     */
    place: z.object({ lat: z.number(), lng: z.number(), near: z.string() }).strict().nullable(),
  })
  .strict();
export type RedFlagRow = z.infer<typeof redFlagSchema>;

export const timelineEntrySchema = z
  .object({
    at: z.iso.datetime(),
    qrId: z.string(),
    kind: z.string(),
    result: z.string(),
    risk: z.string(),
    /** A short, stable name of the session (not the device id itself). */
    session: z.string(),
    customerId: z.string(),
    /** Coarse place (two decimals) or empty. */
    place: z.string(),
    /**
     * The place as people know it (docs/verification.md, "Places as people know them"): the city
     * near it, else empty. An address place says so: "Mumbai (the network's location)", never
     * where the pack was.
     */
    near: z.string(),
  })
  .strict();

// The operator endpoints (lib/api/operator/red-flag-routes.ts): the same arguments as the commands.
export const redFlagsQuerySchema = z
  .object({
    slug,
    status: listRedFlagsArgs.shape.status,
    rule: listRedFlagsArgs.shape.rule,
    product: z.string().trim().min(1).max(64).optional(),
    limit: z.coerce.number().int().min(1, 'must be at least 1').max(1000, 'must be at most 1000').default(100),
  })
  .strict();
export const redFlagsResponseSchema = z.object({ redFlags: z.array(redFlagSchema) }).strict();
export const redFlagParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const closeRedFlagBodySchema = z.object({ slug, note: z.string().trim().min(1, 'is required').max(2000, 'must be at most 2000 characters') }).strict();
export const closeRedFlagResponseSchema = z.object({ id: z.string(), status: z.enum(['resolved', 'dismissed']), note: z.string(), unblacklisted: z.boolean(), blacklisted: z.array(z.string()) }).strict();
export const codeTimelineQuerySchema = z
  .object({ slug, qrId: z.string().trim().min(1, 'is required').max(64), limit: z.coerce.number().int().min(1).max(5000).default(200) })
  .strict();
export const codeTimelineResponseSchema = z.object({ scans: z.array(timelineEntrySchema) }).strict();
