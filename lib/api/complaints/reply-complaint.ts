import 'server-only';
import { and, eq, ne } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { complaintMessages, complaints } from '@/lib/db/schema';
import { randomId } from '@/lib/ids';
import { ApiError, notFound } from '@/lib/errors';
import { getComplaint } from './find-complaints';

// POST /api/customer/complaints/{ticketId}/messages — the customer adds to the thread of an
// open ticket. A closed ticket takes no more messages (the brand can reopen it).
export async function replyToComplaint(clientId: string, customerId: string, ticketId: string, body: string) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [c] = await tx
      .select({ id: complaints.id, status: complaints.status })
      .from(complaints)
      .where(and(eq(complaints.clientId, clientId), eq(complaints.customerId, customerId), eq(complaints.ticketId, ticketId)));
    if (!c) throw notFound('Complaint');
    const touched = await tx
      .update(complaints)
      .set({ updatedAt: new Date() })
      .where(and(eq(complaints.id, c.id), eq(complaints.clientId, clientId), ne(complaints.status, 'closed')))
      .returning({ id: complaints.id });
    if (!touched.length) throw new ApiError('conflict', 'This complaint is closed; raise a new one if the problem continues');
    await tx.insert(complaintMessages).values({ id: randomId('cm', 16), clientId, complaintId: c.id, author: 'customer', body });
  });
  return getComplaint(db, clientId, customerId, ticketId);
}
