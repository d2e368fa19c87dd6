import 'server-only';
import { getDb } from '@/lib/db/client';
import type { BulkComplaints } from '@/lib/schemas/console-complaints';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import { type AssignTo, assignIn } from './assign-complaint';
import { statusIn } from './set-complaint-status';
import { requireTicket } from './shared';

/**
 * Several tickets at once, in one transaction (all or nothing: a ticket of another brand is a
 * 404 naming it, a closed one to assign a 409, and nothing changes): assigned to one member (or
 * to nobody), or closed (those already closed are left as they are). Each ticket gets its own
 * audit entry as when changed alone, and the whole one more (complaints.assign.bulk /
 * complaints.close.bulk, with the tickets).
 */
export async function bulkComplaints(scope: ConsoleScope, args: { action: 'assign'; ticketIds: string[]; to: AssignTo } | { action: 'close'; ticketIds: string[] }): Promise<BulkComplaints> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const changed: BulkComplaints['changed'] = [];
    const unchanged: string[] = [];
    for (const ticketId of args.ticketIds) {
      if (args.action === 'assign') {
        const r = await assignIn(tx, scope, { ticketId, to: args.to });
        changed.push({ ticketId: r.ticketId, status: r.status });
      } else {
        const c = await requireTicket(tx, scope.clientId, ticketId);
        if (c.status === 'closed') unchanged.push(c.ticketId);
        else changed.push(await statusIn(tx, scope, { ticketId, status: 'closed' }));
      }
    }
    if (changed.length) {
      await recordAudit(tx, scope, {
        action: `complaints.${args.action}.bulk`,
        target: `${changed.length} complaint${changed.length === 1 ? '' : 's'}`,
        after: { tickets: changed.map((c) => c.ticketId), ...(args.action === 'assign' ? { to: args.to } : { status: 'closed' }) },
      });
    }
    return { action: args.action, changed, unchanged };
  });
}
