import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { clients } from '@/lib/db/schema';
import { brandConfigOf } from '@/lib/brands/brand-config';
import { ApiError, notFound } from '@/lib/errors';
import { seesCodeSecrets } from '../codes';
import type { ConsoleScope } from '../scope';

export function assertPrints(scope: ConsoleScope) {
  if (!seesCodeSecrets(scope)) throw new ApiError('forbidden', 'Your role may not download codes: only the roles that print (owner, manager) may.');
}

/** The most codes the command line's CSV and any print-ready PDF hold. */
export const MAX_EXPORT = 10_000;

/** The brand's configuration (its GS1 settings decide the exports' columns and printed links). */
export async function brandConfigAt(clientId: string) {
  const [brand] = await (await getDb()).select().from(clients).where(eq(clients.id, clientId));
  if (!brand) throw notFound('Brand');
  return brandConfigOf(brand);
}
