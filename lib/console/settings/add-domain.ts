import 'server-only';
import { consoleHost } from '@/lib/edge/console-host';
import { isSameOrUnder } from '@/lib/shared/host';
import { getDb } from '@/lib/db/client';
import type { DbOrTx } from '@/lib/db/db-or-tx';
import { clientDomains } from '@/lib/db/schema';
import { forgetCachedClients } from '@/lib/brands/find-client';
import { ApiError, fieldError } from '@/lib/errors';
import { brandDomainInput, type BrandSettings } from '@/lib/schemas/console-money';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import { getSettings } from './get-settings';

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
