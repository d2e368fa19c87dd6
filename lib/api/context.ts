import 'server-only';
import type { Context } from 'hono';
import type { ClientRow } from '@/lib/brands/find-client';
import type { StaffRole } from '@/lib/domain/staff-roles';
import { env } from '@/lib/edge/env';
import { pickClientAddress } from '@/lib/shared/client-address';

// What every Brand API handler can read from its context.
export type AuthInfo = { customerId: string; sessionId: string };
/** A signed-in staff member of the console (lib/api/console/access.ts). */
export type StaffAuthInfo = { staffId: string; email: string; name: string; sessionId: string };
/** The brand of a `/console/brands/{brand}/...` request and the staff member's role there. */
export type StaffBrandInfo = { client: ClientRow; role: StaffRole };
export type AppEnv = {
  Variables: { client: ClientRow; auth: AuthInfo; staff: StaffAuthInfo; staffBrand: StaffBrandInfo };
  Bindings: { incoming?: { socket?: { remoteAddress?: string } } };
};
export type AppContext = Context<AppEnv>;

/**
 * The caller's address as rate limits key it (lib/shared/client-address.ts): the X-Forwarded-For entry
 * TRUST_PROXY hops from the right (the launcher writes the socket's address there when no proxy
 * is trusted), IPv6 by its /64.
 */
export function clientIp(c: Context): string {
  const incoming = (c.env as AppEnv['Bindings'] | undefined)?.incoming;
  return pickClientAddress(c.req.header('x-forwarded-for'), env().TRUST_PROXY, incoming?.socket?.remoteAddress);
}

export function isProduction() {
  return env().NODE_ENV === 'production';
}
