import { z } from 'zod';

// The console's overview (area overview, every role reads): scans per day by result group,
// claims, warranty registrations, open complaints, payouts waiting, the map of scans by coarse
// place with the red flags on it. GET /api/console/brands/{brand}/overview and the page's first
// render take the same query.

/** The longest range one overview covers: a year and a day (a leap year, both ends counted). */
export const OVERVIEW_MAX_DAYS = 367;
/** The default range: the last 30 days, today included. */
export const OVERVIEW_DEFAULT_DAYS = 30;
/** At most this many places on the map (the busiest). */
export const OVERVIEW_MAX_PLACES = 300;
/** At most this many red flags on the map (the newest). */
export const OVERVIEW_MAX_FLAGS = 200;

const isoDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-01-31')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'must be a real calendar date');
const id = z.string().trim().min(1, 'is required').max(64, 'must be at most 64 characters');
/** An empty form field (the filters form sends every field) means no filter. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const overviewQuerySchema = z
  .object({
    from: optional(isoDay),
    to: optional(isoDay),
    /** A product id of the brand. */
    product: optional(id),
    /** A batch number of the brand (as printed). */
    batch: optional(id),
  })
  .strict();
export type OverviewQuery = z.output<typeof overviewQuerySchema>;

/** The result groups counted per day; a scan of another result (Info, Tracking, ...) counts in `scans` only. */
export const RESULT_GROUPS = ['genuine', 'fake', 'invalid', 'expired', 'suspect'] as const;
export type ResultGroup = (typeof RESULT_GROUPS)[number];
export const RESULT_GROUP_LABELS: Record<ResultGroup, string> = {
  genuine: 'Genuine',
  fake: 'Fake',
  invalid: 'Invalid',
  expired: 'Expired',
  suspect: 'Suspect',
};

const counts = { scans: z.number().int(), genuine: z.number().int(), fake: z.number().int(), invalid: z.number().int(), expired: z.number().int(), suspect: z.number().int() };

export const overviewDaySchema = z.object({ day: z.string(), ...counts }).strict();
export const overviewPlaceSchema = z
  .object({
    /** Rounded to one decimal (about 11 km): the coarse place. */
    lat: z.number(),
    lng: z.number(),
    scans: z.number().int(),
    suspect: z.number().int(),
    /** The place as people know it (the city near it, docs/verification.md), else empty. */
    near: z.string(),
  })
  .strict();
export const overviewFlagSchema = z
  .object({ id: z.string(), qrId: z.string(), createdAt: z.iso.datetime(), rules: z.array(z.string()), lat: z.number(), lng: z.number(), near: z.string() })
  .strict();

export const overviewSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    product: z.string(),
    batch: z.string(),
    totals: z
      .object({
        ...counts,
        claims: z.number().int(),
        warranties: z.number().int(),
        /** Complaints not closed, now (not limited to the range). */
        openComplaints: z.number().int(),
        /** Payouts claimed or at the bank, not yet paid or failed, now. */
        payoutsWaiting: z.number().int(),
        /** Red flags opened in the range (all statuses). */
        redFlags: z.number().int(),
      })
      .strict(),
    days: z.array(overviewDaySchema),
    places: z.array(overviewPlaceSchema),
    /** Red flags opened in the range, at the coarse place of their unit's latest scan with one. */
    flags: z.array(overviewFlagSchema),
    /** Products and batches for the filters. */
    products: z.array(z.object({ id: z.string(), name: z.string() }).strict()),
  })
  .strict();
export type Overview = z.infer<typeof overviewSchema>;
