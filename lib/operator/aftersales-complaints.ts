import 'server-only';
import { and, asc, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { complaintMessages, complaints, feedback } from '@/lib/db/schema';
import { ApiError } from '@/lib/errors';
import { COMPLAINT_STATUSES, COMPLAINT_TRANSITIONS, canMoveComplaint, type ComplaintStatus } from '@/lib/domain/complaints';
import { randomId } from '@/lib/ids';
import { requireBrand } from './brands';
import { slugArg, textArg } from './catalog';

// The brand's side of complaints and feedback for the operator command line. Status moves
// follow lib/domain/complaints.ts and are conditional updates on the expected status.

const ticketArg = z.string().trim().regex(/^TKT-\d{6,}$/, 'must be a ticket id like TKT-000123');

async function requireTicket(clientId: string, ticketId: string) {
  const db = await getDb();
  const [row] = await db.select().from(complaints).where(and(eq(complaints.clientId, clientId), eq(complaints.ticketId, ticketId)));
  if (!row) throw new ApiError('not_found', `No complaint ${ticketId}`);
  return row;
}

async function move(clientId: string, id: string, from: ComplaintStatus, to: ComplaintStatus, extra: { assignee?: string } = {}) {
  const db = await getDb();
  const [row] = await db
    .update(complaints)
    .set({ status: to, updatedAt: new Date(), ...extra })
    .where(and(eq(complaints.id, id), eq(complaints.clientId, clientId), eq(complaints.status, from)))
    .returning();
  if (!row) throw new ApiError('conflict', 'The complaint changed meanwhile; look again with list-complaints');
  return row;
}

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

/** Sets the assignee; an unassigned ticket becomes open. */
export async function assignComplaint(args: z.output<typeof assignComplaintArgs>) {
  const brand = await requireBrand(args.slug);
  const c = await requireTicket(brand.id, args.ticket);
  if (c.status === 'closed') throw new ApiError('conflict', `${args.ticket} is closed; reopen it first (set-complaint-status --status open)`);
  const row = await move(brand.id, c.id, c.status, c.status === 'unassigned' ? 'open' : c.status, { assignee: args.assignee });
  return { ticketId: row.ticketId, status: row.status, assignee: row.assignee };
}

export const replyComplaintArgs = z.object({ slug: slugArg, ticket: ticketArg, message: textArg(2000), authorName: textArg(80).optional() }).strict();

export async function replyComplaint(args: z.output<typeof replyComplaintArgs>) {
  const brand = await requireBrand(args.slug);
  const c = await requireTicket(brand.id, args.ticket);
  if (c.status === 'closed') throw new ApiError('conflict', `${args.ticket} is closed; reopen it first (set-complaint-status --status open)`);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [touched] = await tx
      .update(complaints)
      .set({ updatedAt: new Date() })
      .where(and(eq(complaints.id, c.id), eq(complaints.clientId, brand.id), eq(complaints.status, c.status)))
      .returning({ id: complaints.id });
    if (!touched) throw new ApiError('conflict', 'The complaint changed meanwhile; look again with list-complaints');
    await tx.insert(complaintMessages).values({
      id: randomId('cm', 16),
      clientId: brand.id,
      complaintId: c.id,
      author: 'brand',
      authorName: args.authorName ?? brand.organizationName,
      body: args.message,
    });
  });
  return { ticketId: c.ticketId, status: c.status, replied: true };
}

export const setComplaintStatusArgs = z.object({ slug: slugArg, ticket: ticketArg, status: z.enum(COMPLAINT_STATUSES) }).strict();

export async function setComplaintStatus(args: z.output<typeof setComplaintStatusArgs>) {
  const brand = await requireBrand(args.slug);
  const c = await requireTicket(brand.id, args.ticket);
  if (!canMoveComplaint(c.status, args.status)) {
    const allowed = COMPLAINT_TRANSITIONS[c.status];
    throw new ApiError('conflict', `A ${c.status} complaint cannot move to ${args.status}; it can move to: ${allowed.join(', ')}`);
  }
  const row = await move(brand.id, c.id, c.status, args.status);
  return { ticketId: row.ticketId, status: row.status };
}

export const listFeedbackArgs = z.object({ slug: slugArg, limit: z.coerce.number().int().min(1).max(1000).default(100) }).strict();

export async function listFeedback(args: z.output<typeof listFeedbackArgs>) {
  const brand = await requireBrand(args.slug);
  const db = await getDb();
  const rows = await db.select().from(feedback).where(eq(feedback.clientId, brand.id)).orderBy(desc(feedback.createdAt), asc(feedback.id)).limit(args.limit);
  return rows.map((f) => ({ rating: f.rating, comment: f.comment, unitId: f.unitId ?? '', createdAt: f.createdAt.toISOString() }));
}
