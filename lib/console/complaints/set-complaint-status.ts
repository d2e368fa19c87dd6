import 'server-only';
import { getDb } from '@/lib/db/client';
import type { DbOrTx } from '@/lib/db/db-or-tx';
import { COMPLAINT_TRANSITIONS, canMoveComplaint, type ComplaintStatus } from '@/lib/domain/complaints';
import { ApiError } from '@/lib/errors';
import { enqueueCustomerMessage, wordIn } from '@/lib/messaging/queue';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import { requireTicket, moveTicket } from './shared';

export async function statusIn(tx: DbOrTx, scope: ConsoleScope, args: { ticketId: string; status: ComplaintStatus }) {
  const c = await requireTicket(tx, scope.clientId, args.ticketId);
  if (!canMoveComplaint(c.status, args.status)) {
    const allowed = COMPLAINT_TRANSITIONS[c.status];
    throw new ApiError('conflict', `A ${c.status} complaint cannot move to ${args.status}; it can move to: ${allowed.join(', ')}`, undefined, 'status');
  }
  const row = await moveTicket(tx, scope.clientId, c, { status: args.status });
  await recordAudit(tx, scope, { action: 'complaint.status', target: c.ticketId, before: { status: c.status }, after: { status: row.status } });
  // The customer hears of it, in their language (docs/messages.md): a ticket closed in bulk too.
  await enqueueCustomerMessage(tx, {
    clientId: scope.clientId,
    customerId: c.customerId,
    kind: 'complaint-status',
    eventKey: `${c.id}:${row.status}:${row.updatedAt.getTime()}`,
    params: { ticket: c.ticketId, status: (locale) => wordIn(locale, `status.${row.status}`) },
  });
  return { ticketId: row.ticketId, status: row.status };
}

/** Moves a ticket's status by the allowed moves only (lib/domain/complaints.ts); anything else is 409 naming them. */
export async function setComplaintStatus(scope: ConsoleScope, args: { ticketId: string; status: ComplaintStatus }) {
  const db = await getDb();
  return db.transaction((tx) => statusIn(tx, scope, args));
}
