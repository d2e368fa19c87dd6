import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { complaints } from '@/lib/db/schema';
import { COMPLAINT_STATUSES } from '@/lib/domain/complaints';
import * as consoleComplaints from '@/lib/console/complaints';
import * as consoleFeedback from '@/lib/console/feedback';
import { feedbackExportQuerySchema } from '@/lib/schemas/console-feedback';
import { cliScope } from '@/lib/console/scope';
import { brandScope, requireBrand } from './brands';
import { slugArg, textArg } from './catalog';

// The brand's side of complaints and feedback for the operator command line. The changes are the
// console's use cases (lib/console/complaints/), acting as the command line, audited alike.

const ticketArg = z.string().trim().regex(/^TKT-\d{6,}$/, 'must be a ticket id like TKT-000123');

export const listComplaintsArgs = z.object({ slug: slugArg, status: z.enum(COMPLAINT_STATUSES).optional() }).strict();

export async function listBrandComplaints(args: z.output<typeof listComplaintsArgs>) {
  const brand = await requireBrand(args.slug);
  const db = await getDb();
  const rows = await db
    .select()
    .from(complaints)
    .where(and(eq(complaints.clientId, brand.id), args.status ? eq(complaints.status, args.status) : undefined))
    .orderBy(desc(complaints.createdAt));
  return rows.map((c) => ({
    ticketId: c.ticketId,
    status: c.status,
    priority: c.priority,
    category: c.category,
    assignee: c.assignee ?? '',
    createdAt: c.createdAt.toISOString(),
    description: c.description.length > 80 ? `${c.description.slice(0, 77)}...` : c.description,
  }));
}

export const assignComplaintArgs = z.object({ slug: slugArg, ticket: ticketArg, assignee: textArg(80) }).strict();

/**
 * Sets the assignee (an unassigned ticket becomes open): an e-mail of a staff member of the brand
 * ties the ticket to them, as the console does; anything else is kept as a free name.
 */
export async function assignComplaint(args: z.output<typeof assignComplaintArgs>) {
  const brand = await requireBrand(args.slug);
  const to = args.assignee.includes('@') ? { staffEmail: args.assignee } : { name: args.assignee };
  return consoleComplaints.assignComplaint(cliScope(brand.id, brand.slug), { ticketId: args.ticket, to });
}

export const replyComplaintArgs = z.object({ slug: slugArg, ticket: ticketArg, message: textArg(2000), authorName: textArg(80).optional() }).strict();

export async function replyComplaint(args: z.output<typeof replyComplaintArgs>) {
  const brand = await requireBrand(args.slug);
  const { ticketId, status, replied } = await consoleComplaints.replyComplaint(cliScope(brand.id, brand.slug), { ticketId: args.ticket, message: args.message, authorName: args.authorName });
  return { ticketId, status, replied };
}

export const setComplaintStatusArgs = z.object({ slug: slugArg, ticket: ticketArg, status: z.enum(COMPLAINT_STATUSES) }).strict();

/** Moves the status by the allowed moves only (lib/domain/complaints.ts). */
export async function setComplaintStatus(args: z.output<typeof setComplaintStatusArgs>) {
  const brand = await requireBrand(args.slug);
  return consoleComplaints.setComplaintStatus(cliScope(brand.id, brand.slug), { ticketId: args.ticket, status: args.status });
}

export const listFeedbackArgs = z.object({ slug: slugArg, limit: z.coerce.number().int().min(1).max(1000).default(100) }).strict();

/** Feedback newest first: the console's feedback list, unfiltered, one page of `limit`. */
export async function listFeedback(args: z.output<typeof listFeedbackArgs>) {
  const { feedback } = await consoleFeedback.listFeedback(await brandScope(args.slug), { ...feedbackExportQuerySchema.parse({}), page: 1, pageSize: args.limit });
  return feedback.map((f) => ({ rating: f.rating, comment: f.comment, unitId: f.unitId ?? '', createdAt: f.createdAt }));
}
