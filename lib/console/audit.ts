import 'server-only';
import { randomId } from '@/lib/ids';
import type { DbOrTx } from '@/lib/db/db-or-tx';
import { auditLog } from '@/lib/db/schema';
import { AUDITED_SECURITY_ACTIONS, logSecurityEvent } from '@/lib/auth/security-events';
import type { ConsoleScope } from './scope';


// The audit log (docs/console.md): every change made by staff or by the command line, with who,
// when, what, and the state before and after. Written in the same transaction as the change, so a
// change is never without its entry nor an entry without its change.

export type AuditEntry = {
  /** A dotted name: 'code.blacklist', 'staff.invite', 'settings.update'. */
  action: string;
  /** What it was done to: a qrId, a ticket id, an e-mail. */
  target?: string;
  before?: unknown;
  after?: unknown;
};

export async function recordAudit(db: DbOrTx, scope: ConsoleScope, entry: AuditEntry): Promise<void> {
  const { actor } = scope;
  await db.insert(auditLog).values({
    id: randomId('aud'),
    clientId: scope.clientId,
    staffId: actor.kind === 'staff' ? actor.staffId : null,
    actor: actor.kind === 'staff' ? actor.email : 'command line',
    action: entry.action,
    target: entry.target ?? '',
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
  const event = AUDITED_SECURITY_ACTIONS[entry.action];
  if (event) {
    logSecurityEvent({
      event,
      clientId: scope.clientId,
      actor: actor.kind === 'staff' ? { kind: 'staff', staffId: actor.staffId } : { kind: 'cli' },
      detail: { action: entry.action },
    });
  }
}
