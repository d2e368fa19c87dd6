import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { clientDomains, clients } from '@/lib/db/schema';
import { ApiError } from '@/lib/errors';
import { storedClientConfigSchema } from '@/lib/schemas/client-config';
import type { BrandSettings } from '@/lib/schemas/console-money';
import type { ConsoleScope } from '../scope';
import { withoutSecrets } from './shared';

export async function getSettings(scope: ConsoleScope): Promise<BrandSettings> {
  const db = await getDb();
  const [row] = await db.select().from(clients).where(eq(clients.id, scope.clientId));
  if (!row) throw new ApiError('not_found', 'No such brand');
  const domains = await db
    .select({ domain: clientDomains.domain, status: clientDomains.status })
    .from(clientDomains)
    .where(eq(clientDomains.clientId, scope.clientId))
    .orderBy(asc(clientDomains.domain));
  return {
    organizationName: row.organizationName,
    organizationType: row.organizationType,
    config: withoutSecrets(storedClientConfigSchema.parse(row.config)),
    domains: domains.filter((d) => d.status === 'serving').map((d) => d.domain),
    pendingDomains: domains.filter((d) => d.status === 'pending').map((d) => d.domain),
    updatedAt: row.updatedAt.toISOString(),
  };
}
