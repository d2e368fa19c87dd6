import 'server-only';
import { getDb } from '@/lib/db/client';
import { complaintMessages } from '@/lib/db/schema';
import { randomId } from '@/lib/ids';
import { enqueueCustomerMessage } from '@/lib/messaging/queue';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import { brandOf, requireTicket, closedRefusal, moveTicket } from './shared';

/** A reply as a message quotes it: at most 300 characters (an SMS or a WhatsApp parameter stays short). */
function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 299)}…` : flat;
}

/** A reply from the brand, added to the thread the customer reads (complaint_messages). */
export async function replyComplaint(scope: ConsoleScope, args: { ticketId: string; message: string; authorName?: string }) {
  const db = await getDb();
  const { row: brand } = await brandOf(db, scope.clientId);
  return db.transaction(async (tx) => {
    const c = await requireTicket(tx, scope.clientId, args.ticketId);
    if (c.status === 'closed') throw closedRefusal(c.ticketId);
    await moveTicket(tx, scope.clientId, c, {});
    const messageId = randomId('cm', 16);
    const authorName = args.authorName ?? brand.organizationName;
    await tx.insert(complaintMessages).values({ id: messageId, clientId: scope.clientId, complaintId: c.id, author: 'brand', authorName, body: args.message });
    await recordAudit(tx, scope, { action: 'complaint.reply', target: c.ticketId, after: { messageId, authorName, body: args.message } });
    // The customer hears of it (docs/messages.md), in this transaction: no reply without its message.
    await enqueueCustomerMessage(tx, { clientId: scope.clientId, customerId: c.customerId, kind: 'complaint-reply', eventKey: messageId, params: { ticket: c.ticketId, reply: excerpt(args.message) } });
    return { ticketId: c.ticketId, status: c.status, replied: true as const, messageId };
  });
}
