import 'server-only';
import type { Context } from 'hono';
import type { ClientRow } from '@/lib/api/client/find-client';
import { env } from '@/lib/server/env';

// What every Brand API handler can read from its context.
export type AuthInfo = { customerId: string; sessionId: string };
export type AppEnv = {
  Variables: { client: ClientRow; auth: AuthInfo };
  Bindings: { incoming?: { socket?: { remoteAddress?: string } } };
};
export type AppContext = Context<AppEnv>;

/**
 * The caller's address. The launcher overwrites X-Forwarded-For with the socket address
 * unless TRUST_PROXY is set, so its first entry is trustworthy either way.
 */
export function clientIp(c: Context): string {
  const xff = c.req.header('x-forwarded-for');
  if (xff) return xff.split(',')[0]!.trim();
  const incoming = (c.env as AppEnv['Bindings'] | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'unknown';
}

export function isProduction() {
  return env().NODE_ENV === 'production';
}
