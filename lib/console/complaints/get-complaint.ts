import 'server-only';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { complaintMessages, complaints, customers, files, products } from '@/lib/db/schema';
import { COMPLAINT_TRANSITIONS } from '@/lib/domain/complaints';
import { complaintAttachmentUrl, type ConsoleComplaintDetail } from '@/lib/schemas/console-complaints';
import type { ConsoleScope } from '../scope';
import { customerName, customerNameCols } from '../customer-name';
import { brandOf, requireTicket, rowOf } from './shared';

export async function getComplaint(scope: ConsoleScope, ticketId: string, now: Date = new Date()): Promise<ConsoleComplaintDetail> {
  const db = await getDb();
  const { config } = await brandOf(db, scope.clientId);
  const c = await requireTicket(db, scope.clientId, ticketId);
  const [extra] = await db
    .select({ productName: products.name, customer: customerNameCols })
    .from(complaints)
    .leftJoin(products, and(eq(products.id, complaints.productId), eq(products.clientId, scope.clientId)))
    .leftJoin(customers, and(eq(customers.id, complaints.customerId), eq(customers.clientId, scope.clientId)))
    .where(and(eq(complaints.clientId, scope.clientId), eq(complaints.id, c.id)));
  const messages = await db
    .select()
    .from(complaintMessages)
    .where(and(eq(complaintMessages.clientId, scope.clientId), eq(complaintMessages.complaintId, c.id)))
    .orderBy(asc(complaintMessages.at), asc(complaintMessages.id));
  const attachments = c.attachmentIds.length
    ? await db
        .select({ id: files.id, originalName: files.originalName, mediaType: files.mediaType, contentType: files.contentType, size: files.size })
        .from(files)
        .where(and(eq(files.clientId, scope.clientId), eq(files.customerId, c.customerId), inArray(files.id, c.attachmentIds), isNull(files.erasedAt)))
    : [];
  const order = new Map(c.attachmentIds.map((id, i) => [id, i]));
  attachments.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  const customer = extra?.customer ?? null;
  return {
    ...rowOf(c, extra?.productName ?? null, customerName(customer), config.complaintConfig.targetHours, now),
    description: c.description,
    unitId: c.unitId,
    customer: { name: customerName(customer), email: customer?.email ?? null, mobile: customer?.mobile ?? null },
    attachments: attachments.map((f) => ({
      fileId: f.id,
      name: f.originalName,
      mediaType: f.mediaType,
      contentType: f.contentType,
      size: f.size,
      url: complaintAttachmentUrl(scope.slug, c.ticketId, f.id),
    })),
    messages: messages.map((m) => ({ messageId: m.id, author: m.author, authorName: m.authorName, body: m.body, at: m.at.toISOString() })),
    nextStatuses: [...COMPLAINT_TRANSITIONS[c.status]],
  };
}
