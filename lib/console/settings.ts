import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { consoleHost } from '@/lib/edge/console-host';
import { isSameOrUnder } from '@/lib/shared/host';
import { getDb } from '@/lib/db/client';
import type { DbOrTx } from '@/lib/db/db-or-tx';
import { clientDomains, clients } from '@/lib/db/schema';
import { forgetCachedClients } from '@/lib/brands/find-client';
import { ApiError, fieldError } from '@/lib/errors';
import { applyConfigPatch, clientConfigPatchSchema, storedClientConfigSchema, type ClientConfigPatch, type StoredClientConfig } from '@/lib/schemas/client-config';
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

/** A secret as staff and the audit log see it: its last 4 characters only. */
export const maskSecret = (secret: string) => `${'*'.repeat(16)}${secret.slice(-4)}`;

/** The configuration as staff and the audit log see it: the WhatsApp secrets (token, app secret, verify token) masked. */
function withoutSecrets(config: StoredClientConfig): StoredClientConfig {
  const wa = config.messaging.whatsapp;
  if (!wa) return config;
  const masked = { ...wa, token: maskSecret(wa.token), appSecret: wa.appSecret === null ? null : maskSecret(wa.appSecret), verifyToken: wa.verifyToken === null ? null : maskSecret(wa.verifyToken) };
  return { ...config, messaging: { ...config.messaging, whatsapp: masked } };
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
      before: { organizationName: row.organizationName, organizationType: row.organizationType, config: withoutSecrets(before) },
      after: { organizationName: patch.organizationName ?? row.organizationName, organizationType: patch.organizationType ?? row.organizationType, config: withoutSecrets(config) },
    });
  });
  forgetCachedClients();
  return getSettings(scope);
}

/**
 * Whether `domain` may be the brand's (docs/console.md "Domains"): never the console host or a
 * name under it, never another brand's domain (serving or pending) nor a name under one (names
 * under `localhost` are each their own: the demo brand's `localhost` owns none of them). The form
 * (case, trailing dot, punycode, port, IP literal) is checked by brandDomainInput before.
 */
async function assertDomainFree(tx: DbOrTx, clientId: string, domain: string) {
  if (isSameOrUnder(domain, consoleHost())) throw fieldError('unprocessable', 'domain', 'is the console\'s host (or a name under it) and cannot be a brand\'s');
  const others = await tx.select({ domain: clientDomains.domain, clientId: clientDomains.clientId }).from(clientDomains);
  for (const other of others) {
    if (other.domain === domain && other.clientId === clientId) throw new ApiError('conflict', `${domain} is already a domain of this brand`, undefined, 'domain');
    if (other.clientId === clientId || other.domain === 'localhost') continue;
    if (isSameOrUnder(domain, other.domain)) throw fieldError('unprocessable', 'domain', `${domain} is another brand's domain or a name under it`);
  }
}

/**
 * Adds a domain. From the console it is pending, serving nothing until the operator approves it
 * (`approveDomain`, `npm run brand -- approve-domain`); the operator's own add-domain serves at once.
 */
export async function addDomain(scope: ConsoleScope, input: string, opts: { serving?: boolean } = {}): Promise<BrandSettings> {
  const domain = brandDomainInput.parse(input);
  const status = opts.serving ? 'serving' : 'pending';
  const db = await getDb();
  await db.transaction(async (tx) => {
    await assertDomainFree(tx, scope.clientId, domain);
    await tx.insert(clientDomains).values({ domain, clientId: scope.clientId, status });
    await recordAudit(tx, scope, { action: 'settings.domain.add', target: domain, after: { domain, status } });
  });
  forgetCachedClients();
  return getSettings(scope);
}

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
