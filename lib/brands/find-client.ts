import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { clients, clientDomains } from '@/lib/db/schema';
import { parseHost } from '@/lib/shared/host';
import { brandCache, forgetBrands } from '@/lib/edge/brand-cache';

export type ClientRow = typeof clients.$inferSelect;

// Every API call and page starts by finding the brand of its host. Answers (a row, or none) are
// kept for CLIENT_CACHE_MS in the brand cache (lib/edge/brand-cache.ts): a change made through this
// process (operator commands) clears it at once; another app server sees it within CLIENT_CACHE_MS.
const CLIENT_CACHE_MS = 2_000;
const clientCache = brandCache<{ row: ClientRow | undefined }>('client-rows', CLIENT_CACHE_MS, 10_000);

/** Forget cached brands (after a brand, its domains or its configuration changed): every brand cache of this process. */
export function forgetCachedClients() {
  forgetBrands();
}

/** The brand that serves a host, or undefined. */
export async function findClientByHost(hostHeader: string | null | undefined): Promise<ClientRow | undefined> {
  const host = parseHost(hostHeader);
  if (!host) return undefined;
  const hit = clientCache.get(host);
  if (hit) return hit.row;
  const stamp = clientCache.stamp();
  const row = await loadClientByHost(host);
  clientCache.set(host, { row }, stamp);
  return row;
}

async function loadClientByHost(host: string): Promise<ClientRow | undefined> {
  const db = await getDb();
  const rows = await db
    .select({ client: clients })
    .from(clientDomains)
    .innerJoin(clients, eq(clients.id, clientDomains.clientId))
    .where(and(eq(clientDomains.domain, host), eq(clientDomains.status, 'serving')))
    .limit(1);
  return rows[0]?.client;
}

/** The domains a brand serves on (a pending one, not yet approved by the operator, is left out). */
export async function findClientDomains(clientId: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ domain: clientDomains.domain })
    .from(clientDomains)
    .where(and(eq(clientDomains.clientId, clientId), eq(clientDomains.status, 'serving')));
  return rows.map((r) => r.domain).sort();
}
