import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { clients, clientDomains } from '@/lib/db/schema';
import { parseHost } from '@/lib/host';
import { bumpBrandGeneration } from '@/lib/brand-generation';

export type ClientRow = typeof clients.$inferSelect;

// Every API call and page starts by finding the brand of its host. Answers are kept for
// CLIENT_CACHE_MS: a cache, not shared state. A change made through this process (operator
// commands) clears it at once; another app server sees it within CLIENT_CACHE_MS.
const CLIENT_CACHE_MS = 2_000;
const g = globalThis as unknown as { __brandClientCache?: Map<string, { at: number; row: ClientRow | undefined }> };
const clientCache = (g.__brandClientCache ??= new Map());

/** Forget cached brands (after a brand, its domains or its configuration changed). */
export function forgetCachedClients() {
  clientCache.clear();
  bumpBrandGeneration(); // and what the pages keep of clone-info (lib/server/tenant.ts)
}

/** The brand that serves a host, or undefined. */
export async function findClientByHost(hostHeader: string | null | undefined): Promise<ClientRow | undefined> {
  const host = parseHost(hostHeader);
  if (!host) return undefined;
  const now = Date.now();
  const hit = clientCache.get(host);
  if (hit && now - hit.at < CLIENT_CACHE_MS) return hit.row;
  const row = await loadClientByHost(host);
  if (clientCache.size > 10_000) clientCache.clear(); // bounded: unknown hosts are cached too
  clientCache.set(host, { at: now, row });
  return row;
}

async function loadClientByHost(host: string): Promise<ClientRow | undefined> {
  const db = await getDb();
  const rows = await db
    .select({ client: clients })
    .from(clientDomains)
    .innerJoin(clients, eq(clients.id, clientDomains.clientId))
    .where(eq(clientDomains.domain, host))
    .limit(1);
  return rows[0]?.client;
}

export async function findClientDomains(clientId: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db.select({ domain: clientDomains.domain }).from(clientDomains).where(eq(clientDomains.clientId, clientId));
  return rows.map((r) => r.domain).sort();
}
