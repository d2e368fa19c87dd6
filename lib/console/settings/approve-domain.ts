import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { clientDomains } from '@/lib/db/schema';
import { forgetCachedClients } from '@/lib/brands/find-client';
import { ApiError } from '@/lib/errors';
import { brandDomainInput, type BrandSettings } from '@/lib/schemas/console-money';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import { getSettings } from './get-settings';

/** The operator's approval of a pending domain: from now on it serves the brand. */
export async function approveDomain(scope: ConsoleScope, input: string): Promise<BrandSettings> {
  const domain = brandDomainInput.parse(input);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(clientDomains).where(and(eq(clientDomains.domain, domain), eq(clientDomains.clientId, scope.clientId))).for('update');
    if (!row) throw new ApiError('not_found', `${domain} is not a domain of this brand`, undefined, 'domain');
    if (row.status === 'serving') return;
    await tx.update(clientDomains).set({ status: 'serving' }).where(eq(clientDomains.domain, domain));
    await recordAudit(tx, scope, { action: 'settings.domain.approve', target: domain, before: { status: 'pending' }, after: { status: 'serving' } });
  });
  forgetCachedClients();
  return getSettings(scope);
}
