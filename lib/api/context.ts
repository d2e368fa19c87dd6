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
/**
 * A typed call of a route from a page of this process (in-process.ts): the page request's
 * signed-in customer, read once per page request, stands for a Bearer token, and the handler
 * leaves its parsed answer here instead of writing JSON.
 */
export type InProcessCall = {
  customer: (clientId: string, cookie: (name: string) => string | undefined, https: boolean) => Promise<AuthInfo | undefined>;
  answer?: unknown;
};
export type AppEnv = {
  Variables: { client: ClientRow; auth: AuthInfo; staff: StaffAuthInfo; staffBrand: StaffBrandInfo };
  // Set by the caller of app.fetch, never from a request: the Node server's socket, or an in-process call.
  Bindings: { incoming?: { socket?: { remoteAddress?: string } }; call?: InProcessCall };
};
export type AppContext = Context<AppEnv>;

/** The in-process call this request is, or undefined for a request that came over HTTP. */
export function inProcessCall(c: Context): InProcessCall | undefined {
  return (c.env as AppEnv['Bindings'] | undefined)?.call;
}

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
