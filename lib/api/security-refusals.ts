import 'server-only';
import { eq } from 'drizzle-orm';
import { ApiError, errorStatus } from '@/lib/errors';
import { getDb } from '@/lib/db/client';
import { clients } from '@/lib/db/schema';
import { logSecurityEvent, staffSecurityEvent, type SecurityActor } from '@/lib/auth/security-events';
import type { AppContext } from './context';

// Refusals as security events (docs/security.md "Security events"): every 401, 403 and 429 the
// Brand API answers, and the console guard's 404 for a brand that is not the caller's, write the
// event's JSON line (lib/auth/security-events.ts); those of a signed-in staff member also go to
// the audit log of the brand concerned. The console guards report their own refusal (they know the
// brand and the member); the API's error handler reports the rest, once.

const reported = new WeakSet<object>();

/** The path without anything that may be a secret: a segment of 24 characters or more (tokens) is left out. */
const pathOf = (c: AppContext) =>
  c.req.path
    .split('/')
    .map((s) => (s.length >= 24 ? '…' : s))
    .join('/');

const detailOf = (c: AppContext, err: ApiError, reason?: string) => ({
  route: `${c.req.method} ${pathOf(c)}`,
  status: errorStatus[err.code],
  ...(reason ? { reason } : {}),
});

function actorOf(c: AppContext): SecurityActor {
  const staff = c.get('staff');
  if (staff) return { kind: 'staff', staffId: staff.staffId };
  const auth = c.get('auth');
  if (auth) return { kind: 'customer', customerId: auth.customerId };
  return { kind: 'anonymous' };
}

/**
 * A console guard's refusal of a signed-in staff member at a brand (`slug`): the line, and the
 * brand's audit log when the brand exists (its owners see who tried). Answers the error to throw.
 */
export async function staffRefusal(c: AppContext, err: ApiError, at: { slug?: string; clientId?: string; reason: string }): Promise<ApiError> {
  reported.add(err);
  const staff = c.get('staff');
  let clientId = at.clientId;
  if (!clientId && at.slug) {
    const db = await getDb();
    clientId = (await db.select({ id: clients.id }).from(clients).where(eq(clients.slug, at.slug)))[0]?.id;
  }
  const event = { event: 'access.refused' as const, ...(clientId ? { clientId } : {}), detail: detailOf(c, err, at.reason) };
  if (staff) await staffSecurityEvent({ ...event, actor: { kind: 'staff', staffId: staff.staffId } }, { clientIds: clientId ? [clientId] : [] });
  else logSecurityEvent({ ...event, actor: actorOf(c) });
  return err;
}

/** From the API's error handler: a 401, 403 or 429 not reported yet. Never throws. */
export async function reportRefusal(c: AppContext, err: unknown): Promise<void> {
  if (!(err instanceof ApiError) || reported.has(err)) return;
  const status = errorStatus[err.code];
  if (status !== 401 && status !== 403 && status !== 429) return;
  reported.add(err);
  try {
    const event = status === 429 ? ('limit.refused' as const) : ('access.refused' as const);
    const clientId = c.get('staffBrand')?.client.id ?? c.get('client')?.id;
    const actor = actorOf(c);
    const base = { event, ...(clientId ? { clientId } : {}), detail: detailOf(c, err) };
    if (actor.kind === 'staff' && clientId) await staffSecurityEvent({ ...base, actor });
    else logSecurityEvent({ ...base, actor });
  } catch (e) {
    console.error('[security] could not record a refusal:', e instanceof Error ? e.message : e);
  }
}
