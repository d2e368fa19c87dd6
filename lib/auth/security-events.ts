import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import type { DbOrTx } from '@/lib/db/db-or-tx';
import { auditLog, staff, staffMemberships } from '@/lib/db/schema';
import { randomId } from '@/lib/ids';
import { sessionSecret } from './keys';
import { AUDITED_SECURITY_ACTIONS, SECURITY_EVENTS, auditActionsOf, type SecurityEventName } from '@/lib/domain/security-events';

export { AUDITED_SECURITY_ACTIONS, SECURITY_EVENTS, auditActionsOf, type SecurityEventName };

// Security events (docs/security.md "Security events", issue 28 finding 5): the one module that
// writes them. Each is one JSON line on standard output:
//   {"type":"security","event":"sign-in.failed","at":"…","brand":"cl_…","actor":"staff:st_…",
//    "requestId":"…","address":"<keyed hash>","route":"POST /api/console/sign-in","status":400}
// never a secret, a password, a code, a token or a contact: the actor is an id, the address a
// keyed hash (HMAC-SHA-256 under the session secret, 16 bytes), so lines of one address can be
// joined without the log holding it. Events about staff are also written to the audit log of the
// brands concerned, as `security.<event>`, which owners filter by kind (lib/console/audit-log/).
//
// The request's id and address come from the request being served (`withRequestInfo`, set by the
// API's first middleware, lib/api/app.ts), so a call site names only what happened.

export type SecurityActor = { kind: 'staff'; staffId: string } | { kind: 'customer'; customerId: string } | { kind: 'cli' } | { kind: 'anonymous' };

export type SecurityEvent = {
  event: SecurityEventName;
  /** The brand (client id) it concerns, when one does. */
  clientId?: string;
  actor?: SecurityActor;
  /** Short, non-secret facts: the route, the status, a reason, a batch number, a role. */
  detail?: Record<string, string | number | boolean | null>;
};

type RequestInfo = { requestId: string; address: string };
const requestInfo = new AsyncLocalStorage<RequestInfo>();

/** Runs `fn` with the request's id and address known to every security event written inside it. */
export function withRequestInfo<T>(info: RequestInfo, fn: () => T): T {
  return requestInfo.run(info, fn);
}

/** A request id as the API answers it (X-Request-Id): the caller's when well formed, else a new one. */
export function requestIdOf(given: string | undefined): string {
  return given && /^[A-Za-z0-9._-]{8,64}$/.test(given) ? given : randomBytes(12).toString('base64url');
}

/** The keyed hash of an address: the same address gives the same hash under one deployment's secret. */
export function addressHash(address: string): string {
  return createHmac('sha256', sessionSecret()).update(`security-event-address:${address}`).digest('base64url').slice(0, 22);
}

type Listener = (line: string) => void;
const listeners = new Set<Listener>();

/** Every line written from now on is also given to `listener` (tests capture the lines this way); answers the unsubscribe. */
export function onSecurityEventLine(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const actorText = (a: SecurityActor | undefined): string =>
  !a || a.kind === 'anonymous' ? 'anonymous' : a.kind === 'cli' ? 'command line' : a.kind === 'staff' ? `staff:${a.staffId}` : `customer:${a.customerId}`;

/** Writes the event's JSON line (and nothing else). */
export function logSecurityEvent(ev: SecurityEvent): void {
  const info = requestInfo.getStore();
  const line = JSON.stringify({
    type: 'security',
    event: ev.event,
    at: new Date().toISOString(),
    brand: ev.clientId ?? null,
    actor: actorText(ev.actor),
    requestId: info?.requestId ?? null,
    address: info ? addressHash(info.address) : null,
    ...(ev.detail ?? {}),
  });
  process.stdout.write(`${line}\n`);
  for (const listener of listeners) listener(line);
}

/**
 * A security event about staff: the JSON line, and an entry `security.<event>` in the audit log
 * of `clientIds` (default: the brand of the event, or else every brand the staff member belongs
 * to). `db` writes the entries in the caller's transaction. The audit entry names the member by
 * e-mail as every other entry does (owners read it); the log line never does.
 */
export async function staffSecurityEvent(
  ev: SecurityEvent & { actor: { kind: 'staff'; staffId: string } | { kind: 'cli' } | { kind: 'anonymous' }; target?: string; subjectStaffId?: string },
  opts: { db?: DbOrTx; clientIds?: string[] } = {},
): Promise<void> {
  logSecurityEvent(ev);
  const db = opts.db ?? (await getDb());
  const staffId = ev.actor.kind === 'staff' ? ev.actor.staffId : undefined;
  const about = staffId ?? ev.subjectStaffId;
  let clientIds = opts.clientIds ?? (ev.clientId ? [ev.clientId] : []);
  if (!opts.clientIds && !ev.clientId && about) {
    clientIds = (await db.select({ clientId: staffMemberships.clientId }).from(staffMemberships).where(eq(staffMemberships.staffId, about))).map((m) => m.clientId);
  }
  if (!clientIds.length) return;
  const [member] = staffId ? await db.select({ email: staff.email }).from(staff).where(eq(staff.id, staffId)) : [];
  const info = requestInfo.getStore();
  await db.insert(auditLog).values(
    clientIds.map((clientId) => ({
      id: randomId('aud'),
      clientId,
      staffId: staffId ?? null,
      actor: member?.email ?? (ev.actor.kind === 'cli' ? 'command line' : 'anonymous'),
      action: `security.${ev.event}`,
      target: ev.target ?? '',
      before: null,
      after: { ...(ev.detail ?? {}), requestId: info?.requestId ?? null, address: info ? addressHash(info.address) : null },
    })),
  );
}
