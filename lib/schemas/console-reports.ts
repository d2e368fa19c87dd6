import { z } from 'zod';
import { blankIsUnset, pageFields } from './console-complaints';
import { listFilterShape, placeFilter, rangeInOrder, sortField } from './console-list';

// Customers' reports of suspicious products (the /report form), as the brand reads them: in the
// console beside the red flags, through the console API and on the command line. Read-only. The
// list is one of the table kit's (docs/console.md, "Lists"): sorted, filtered, counted, exported.

/** The columns the reports sort by: sent, the code given. */
export const REPORT_SORTS = ['created', 'code'] as const;

export const reportFilterShape = {
  /** 'with': only reports that carry the reference of an evidence report. */
  evidence: z.preprocess(blankIsUnset, z.enum(['with', 'any'], { error: "must be 'with' or 'any'" }).default('any')),
  /** The place the customer shared, by the name the list shows (a town or city of the gazetteer). */
  place: placeFilter,
  sort: sortField(REPORT_SORTS, '-created'),
  /** Sent from / to (UTC days, both counted); the product (an id) and the batch (its number) of the code given. */
  ...listFilterShape,
};

export const reportListQuerySchema = z
  .object({ ...reportFilterShape, ...pageFields })
  .strict()
  .superRefine(rangeInOrder);
export type ReportListQuery = z.output<typeof reportListQuerySchema>;
/** The same filters and sort, for the CSV of every matching report. */
export const reportExportQuerySchema = z.object(reportFilterShape).strict().superRefine(rangeInOrder);
export type ReportExportQuery = z.output<typeof reportExportQuerySchema>;

export const reportIdSchema = z.string().trim().regex(/^rp_[0-9A-Za-z]{16}$/, 'must be a report id (rp_ and 16 letters or digits)');

export const consoleReportRowSchema = z
  .object({
    id: z.string(),
    description: z.string(),
    /** The code as the customer gave it, whether or not the brand issued it. */
    qrId: z.string().nullable(),
    /** The brand's product of that code, when it is one of the brand's codes. */
    productName: z.string().nullable(),
    /**
     * The evidence report the customer sent with this report: the reference of one of the brand's
     * scans, and the code that scan read when it was one of the brand's (its timeline in the console).
     */
    evidence: z.object({ reference: z.string(), qrId: z.string().nullable() }).strict().nullable(),
    customerName: z.string(),
    /** Coarse place (two decimals) the customer shared, if any; near: the city near it, else empty. */
    place: z.object({ lat: z.number(), lng: z.number(), near: z.string() }).strict().nullable(),
    hasPhoto: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .strict();

export const reportListSchema = z
  .object({
    reports: z.array(consoleReportRowSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    products: z.array(z.object({ id: z.string(), name: z.string() }).strict()),
    /** The names of the places of the brand's reports, for the place filter. */
    places: z.array(z.string()),
  })
  .strict();
export type ConsoleReportList = z.infer<typeof reportListSchema>;

/** Where staff view a report's photo (the console API, on the console host). */
export const reportPhotoUrl = (brandSlug: string, reportId: string) =>
  `/api/console/brands/${encodeURIComponent(brandSlug)}/reports/${encodeURIComponent(reportId)}/photo`;
