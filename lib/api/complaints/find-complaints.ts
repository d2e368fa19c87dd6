import 'server-only';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { complaintMessages, complaints, files, products } from '@/lib/db/schema';
import { COMPLAINT_STATUS_COLORS } from '@/lib/domain/complaints';
import type { z } from 'zod';
import type { complaintDetailSchema, complaintSummarySchema } from '@/lib/schemas/complaints';
import { notFound } from '@/lib/errors';
import type { DbOrTx } from '../aftersales/db';
import { toFileRef } from '../aftersales/store-file';

// The customer's tickets, reshaped for answers (the assignee and internal ids stay inside).

type Summary = z.infer<typeof complaintSummarySchema>;

function summaryQuery(db: DbOrTx, clientId: string, customerId: string, ticketId?: string) {
  return db
    .select({ c: complaints, productName: products.name })
    .from(complaints)
    .leftJoin(products, and(eq(products.id, complaints.productId), eq(products.clientId, clientId)))
    .where(and(eq(complaints.clientId, clientId), eq(complaints.customerId, customerId), ticketId === undefined ? undefined : eq(complaints.ticketId, ticketId)));
}

function summary(c: typeof complaints.$inferSelect, productName: string | null): Summary {
  return {
    ticketId: c.ticketId,
    category: c.category,
    priority: c.priority,
    status: c.status,
    statusColor: COMPLAINT_STATUS_COLORS[c.status],
    productId: c.productId,
    productName,
    unitId: c.unitId,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

export async function listComplaints(db: DbOrTx, clientId: string, customerId: string): Promise<Summary[]> {
  const rows = await summaryQuery(db, clientId, customerId).orderBy(desc(complaints.createdAt));
  return rows.map((r) => summary(r.c, r.productName));
}

/** The ticket of this customer with its thread and attachments; anyone else's is 404. */
export async function getComplaint(db: DbOrTx, clientId: string, customerId: string, ticketId: string): Promise<z.infer<typeof complaintDetailSchema>> {
  const [row] = await summaryQuery(db, clientId, customerId, ticketId).limit(1);
  if (!row) throw notFound('Complaint');
  const messages = await db
    .select()
    .from(complaintMessages)
    .where(and(eq(complaintMessages.clientId, clientId), eq(complaintMessages.complaintId, row.c.id)))
    .orderBy(asc(complaintMessages.at), asc(complaintMessages.id));
  const attachments = row.c.attachmentIds.length
    ? await db
        .select({ id: files.id, originalName: files.originalName, mediaType: files.mediaType, contentType: files.contentType, size: files.size })
        .from(files)
        .where(and(eq(files.clientId, clientId), eq(files.customerId, customerId), inArray(files.id, row.c.attachmentIds)))
    : [];
  const order = new Map(row.c.attachmentIds.map((id, i) => [id, i]));
  attachments.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return {
    ...summary(row.c, row.productName),
    description: row.c.description,
    attachments: attachments.map(toFileRef),
    messages: messages.map((m) => ({ messageId: m.id, author: m.author, authorName: m.authorName, body: m.body, at: m.at.toISOString() })),
  };
}
