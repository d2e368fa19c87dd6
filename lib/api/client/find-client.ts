import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { clients, clientDomains } from '@/lib/db/schema';
import { parseHost } from '@/lib/host';

export type ClientRow = typeof clients.$inferSelect;

/** The brand that serves a host, or undefined. */
export async function findClientByHost(hostHeader: string | null | undefined): Promise<ClientRow | undefined> {
  const host = parseHost(hostHeader);
  if (!host) return undefined;
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
