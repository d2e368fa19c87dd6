import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { clientDomains, clients } from '@/lib/db/schema';
import { forgetCachedClients } from '@/lib/brands/find-client';
import { ApiError } from '@/lib/errors';
import { applyConfigPatch, clientConfigPatchSchema, storedClientConfigSchema, type ClientConfigPatch } from '@/lib/schemas/client-config';
import { brandDomainInput, type BrandSettings } from '@/lib/schemas/console-money';
import { recordAudit } from './audit';
import type { ConsoleScope } from './scope';

// A brand's settings (console area 'settings'; the command line's set-config, add-domain and
// remove-domain call these too): its configuration (theme, services and flags, OTP services,
// embedding, footer, banners, complaint priorities, verification), its name and its domains.
// A change is checked by the one configuration schema (lib/schemas/client-config.ts), audited
// with before and after in its transaction, and the brand caches are dropped right after, so
// customers see it within CLIENT_CACHE_MS on other servers and at once on this one.

export async function getSettings(scope: ConsoleScope): Promise<BrandSettings> {
  const db = await getDb();
  const [row] = await db.select().from(clients).where(eq(clients.id, scope.clientId));
  if (!row) throw new ApiError('not_found', 'No such brand');
  const domains = await db.select({ domain: clientDomains.domain }).from(clientDomains).where(eq(clientDomains.clientId, scope.clientId)).orderBy(asc(clientDomains.domain));
  return {
    organizationName: row.organizationName,
    organizationType: row.organizationType,
    config: storedClientConfigSchema.parse(row.config),
    domains: domains.map((d) => d.domain),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Applies a partial configuration; an invalid one (a ZodError naming the field) changes nothing. */
export async function updateSettings(scope: ConsoleScope, input: ClientConfigPatch): Promise<BrandSettings> {
  const patch = clientConfigPatchSchema.parse(input);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(clients).where(eq(clients.id, scope.clientId)).for('update');
    if (!row) throw new ApiError('not_found', 'No such brand');
    const before = storedClientConfigSchema.parse(row.config);
    const config = applyConfigPatch(before, patch);
    await tx
      .update(clients)
      .set({
        config,
        updatedAt: new Date(),
        ...(patch.organizationName ? { organizationName: patch.organizationName } : {}),
        ...(patch.organizationType ? { organizationType: patch.organizationType } : {}),
      })
      .where(eq(clients.id, scope.clientId));
    await recordAudit(tx, scope, {
      action: 'settings.update',
      target: Object.keys(patch).join(', '),
      before: { organizationName: row.organizationName, organizationType: row.organizationType, config: before },
      after: { organizationName: patch.organizationName ?? row.organizationName, organizationType: patch.organizationType ?? row.organizationType, config },
    });
  });
  forgetCachedClients();
  return getSettings(scope);
}

export async function addDomain(scope: ConsoleScope, input: string): Promise<BrandSettings> {
  const domain = brandDomainInput.parse(input);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [taken] = await tx.select().from(clientDomains).where(eq(clientDomains.domain, domain));
    if (taken) throw new ApiError('conflict', `${domain} already serves a brand`, undefined, 'domain');
    await tx.insert(clientDomains).values({ domain, clientId: scope.clientId });
    await recordAudit(tx, scope, { action: 'settings.domain.add', target: domain, after: { domain } });
  });
  forgetCachedClients();
  return getSettings(scope);
}

/** Removes one of the brand's domains; its last domain stays (the brand would have no address left) unless `keepLast` is false. */
export async function removeDomain(scope: ConsoleScope, input: string, opts: { keepLast?: boolean } = {}): Promise<BrandSettings> {
  const domain = brandDomainInput.parse(input);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const mine = await tx.select().from(clientDomains).where(eq(clientDomains.clientId, scope.clientId)).for('update');
    if (!mine.some((d) => d.domain === domain)) throw new ApiError('not_found', `${domain} is not a domain of this brand`);
    if (mine.length === 1 && opts.keepLast !== false) throw new ApiError('conflict', `${domain} is the brand's only domain; add another before removing it`, undefined, 'domain');
    await tx.delete(clientDomains).where(and(eq(clientDomains.domain, domain), eq(clientDomains.clientId, scope.clientId)));
    await recordAudit(tx, scope, { action: 'settings.domain.remove', target: domain, before: { domain } });
  });
  forgetCachedClients();
  return getSettings(scope);
}
