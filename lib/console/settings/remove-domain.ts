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

/** Removes one of the brand's domains; its last domain stays (the brand would have no address left) unless `keepLast` is false. */
export async function removeDomain(scope: ConsoleScope, input: string, opts: { keepLast?: boolean } = {}): Promise<BrandSettings> {
  const domain = brandDomainInput.parse(input);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const mine = await tx.select().from(clientDomains).where(eq(clientDomains.clientId, scope.clientId)).for('update');
    if (!mine.some((d) => d.domain === domain)) throw new ApiError('not_found', `${domain} is not a domain of this brand`);
    const serving = mine.filter((d) => d.status === 'serving');
    if (serving.length === 1 && serving[0]?.domain === domain && opts.keepLast !== false) throw new ApiError('conflict', `${domain} is the brand's only serving domain; add another (approved) before removing it`, undefined, 'domain');
    await tx.delete(clientDomains).where(and(eq(clientDomains.domain, domain), eq(clientDomains.clientId, scope.clientId)));
    await recordAudit(tx, scope, { action: 'settings.domain.remove', target: domain, before: { domain } });
  });
  forgetCachedClients();
  return getSettings(scope);
}
