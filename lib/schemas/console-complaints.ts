import { z } from 'zod';
import { COMPLAINT_STATUSES } from '@/lib/domain/complaints';
import { listFilterShape, rangeInOrder, sortField } from './console-list';

// The console's complaints inbox (issue 12, docs/console.md): the list with its filters, one
// ticket with its thread and attachments, and the changes support staff make (assign, reply,
// status). Shared by the use cases (lib/console/complaints/), the API and the pages.

export const COMPLAINT_AGE_FILTERS = ['overdue', '1d', '7d', '30d'] as const;
export type ComplaintAgeFilter = (typeof COMPLAINT_AGE_FILTERS)[number];
export const COMPLAINT_AGE_LABELS: Readonly<Record<ComplaintAgeFilter, string>> = {
  overdue: 'Overdue',
  '1d': 'Older than a day',
  '7d': 'Older than a week',
  '30d': 'Older than 30 days',
};

/** A page of a list: 1-based, at most 100 rows. Query values arrive as strings. */
export const pageFields = {
  page: z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').max(10_000, 'must be at most 10000').default(1),
  pageSize: z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').max(100, 'must be at most 100').default(25),
};

/** An empty query value ("?status=") means no filter, as a form without JavaScript sends it. */
export const blankIsUnset = (v: unknown) => (v === '' ? undefined : v);

/** A list's product filter: a product id, no filter when blank. */
export const productFilter = z.preprocess(blankIsUnset, z.string().trim().min(1).max(64, 'must be at most 64 characters').optional());

/** The columns the inbox sorts by (the table kit): raised, last changed, status, priority, ticket. */
export const COMPLAINT_SORTS = ['created', 'updated', 'status', 'priority', 'ticket'] as const;

const complaintFilterShape = {
  /** A status, 'notclosed' (every one but closed: the overview's open complaints) or 'all'. */
  status: z.preprocess(blankIsUnset, z.enum([...COMPLAINT_STATUSES, 'notclosed', 'all'], { error: `must be one of: ${[...COMPLAINT_STATUSES, 'notclosed', 'all'].join(', ')}` }).default('all')),
  priority: z.preprocess(blankIsUnset, z.string().trim().min(1).max(40, 'must be at most 40 characters').optional()),
  age: z.preprocess(blankIsUnset, z.enum(COMPLAINT_AGE_FILTERS, { error: `must be one of: ${COMPLAINT_AGE_FILTERS.join(', ')}` }).optional()),
  /** 'me' (the signed-in staff member), 'none' (nobody), or a staff id. */
  assignee: z.preprocess(blankIsUnset, z.string().trim().min(1).max(64, 'must be at most 64 characters').optional()),
  sort: sortField(COMPLAINT_SORTS, '-created'),
  /** Raised from / to (days), the product (an id) and the batch (its number) of the unit complained of. */
  ...listFilterShape,
};

export const complaintListQuerySchema = z
  .object({ ...complaintFilterShape, ...pageFields })
  .strict()
  .superRefine(rangeInOrder);
/** The same filters and sort, for the CSV of every matching complaint. */
export const complaintExportQuerySchema = z.object(complaintFilterShape).strict().superRefine(rangeInOrder);
export type ComplaintExportQuery = z.output<typeof complaintExportQuerySchema>;
export type ComplaintListQuery = z.output<typeof complaintListQuerySchema>;

export const consoleAssigneeSchema = z.object({ staffId: z.string().nullable(), name: z.string() }).nullable();

export const consoleComplaintRowSchema = z
  .object({
    ticketId: z.string(),
    status: z.enum(COMPLAINT_STATUSES),
    statusColor: z.string(),
    priority: z.string(),
    category: z.string(),
    customerName: z.string(),
    productName: z.string().nullable(),
    assignee: consoleAssigneeSchema,
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    /** Whole hours since the ticket was raised. */
    ageHours: z.number().int(),
    /** The priority's target time in hours (the brand's setting or the default). */
    targetHours: z.number().int(),
    overdue: z.boolean(),
  })
  .strict();
export type ConsoleComplaintRow = z.infer<typeof consoleComplaintRowSchema>;

export const complaintListSchema = z
  .object({ complaints: z.array(consoleComplaintRowSchema), page: z.number().int(), pageSize: z.number().int(), total: z.number().int(), priorities: z.array(z.string()) })
  .strict();
export type ConsoleComplaintList = z.infer<typeof complaintListSchema>;

export const consoleFileSchema = z
  .object({ fileId: z.string(), name: z.string(), mediaType: z.enum(['image', 'video', 'pdf']), contentType: z.string(), size: z.number().int(), url: z.string() })
  .strict();
export type ConsoleFile = z.infer<typeof consoleFileSchema>;

export const consoleComplaintDetailSchema = consoleComplaintRowSchema
  .extend({
    description: z.string(),
    unitId: z.string().nullable(),
    customer: z.object({ name: z.string(), email: z.string().nullable(), mobile: z.string().nullable() }).strict(),
    attachments: z.array(consoleFileSchema),
    messages: z.array(z.object({ messageId: z.string(), author: z.enum(['customer', 'brand']), authorName: z.string().nullable(), body: z.string(), at: z.iso.datetime() }).strict()),
    /** The statuses it may move to now (lib/domain/complaints.ts). */
    nextStatuses: z.array(z.enum(COMPLAINT_STATUSES)),
  })
  .strict();
export type ConsoleComplaintDetail = z.infer<typeof consoleComplaintDetailSchema>;

export const ticketIdSchema = z.string().trim().regex(/^TKT-\d{6,}$/, 'must be a ticket id like TKT-000123');

export const assignComplaintBodySchema = z
  .object({ staffId: z.string({ error: 'must be a staff id or null' }).trim().min(1, 'is required').max(64).nullable() })
  .strict();
export const replyComplaintBodySchema = z
  .object({ message: z.string({ error: 'is required' }).trim().min(1, 'is required').max(2000, 'must be at most 2000 characters') })
  .strict();
export const complaintStatusBodySchema = z
  .object({ status: z.enum(COMPLAINT_STATUSES, { error: (issue) => (issue.input === undefined ? 'is required' : `must be one of: ${COMPLAINT_STATUSES.join(', ')}`) }) })
  .strict();

export const assignableStaffSchema = z.object({ staff: z.array(z.object({ staffId: z.string(), name: z.string(), email: z.string() }).strict()) }).strict();
export type AssignableStaff = z.infer<typeof assignableStaffSchema>['staff'];

/** Where staff read a ticket's attachment (checked by brand and ticket). */
export const complaintAttachmentUrl = (brandSlug: string, ticketId: string, fileId: string) =>
  `/api/console/brands/${encodeURIComponent(brandSlug)}/complaints/${encodeURIComponent(ticketId)}/attachments/${encodeURIComponent(fileId)}`;

/** The most rows one bulk action changes: a page of the list. */
export const BULK_MAX = 100;
export const bulkTicketIdsSchema = z
  .array(ticketIdSchema, { error: 'must be a list of ticket ids' })
  .min(1, 'choose at least one complaint')
  .max(BULK_MAX, `must be at most ${BULK_MAX} complaints`)
  .refine((ids) => new Set(ids).size === ids.length, 'must not name a complaint twice');
/**
 * Several complaints at once (one transaction, all or nothing; one audit entry beside each
 * ticket's): assign them to a member (null: to nobody), or close them. `confirm` must be true:
 * the page asks first.
 */
export const bulkComplaintsBodySchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('assign'), ticketIds: bulkTicketIdsSchema, staffId: assignComplaintBodySchema.shape.staffId, confirm: z.literal(true, { error: 'must be true: confirm the change' }) }).strict(),
    z.object({ action: z.literal('close'), ticketIds: bulkTicketIdsSchema, confirm: z.literal(true, { error: 'must be true: confirm the change' }) }).strict(),
  ],
  { error: "action must be 'assign' or 'close'" },
);
export type BulkComplaintsBody = z.output<typeof bulkComplaintsBodySchema>;
export const bulkComplaintsSchema = z
  .object({
    action: z.enum(['assign', 'close']),
    /** The tickets changed, with their status now. */
    changed: z.array(z.object({ ticketId: z.string(), status: z.enum(COMPLAINT_STATUSES) }).strict()),
    /** Tickets that already were as asked (closed ones, for close). */
    unchanged: z.array(z.string()),
  })
  .strict();
export type BulkComplaints = z.infer<typeof bulkComplaintsSchema>;
