import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { clients } from '@/lib/db/schema';
import { forgetCachedClients } from '@/lib/brands/find-client';
import { ApiError } from '@/lib/errors';
import { applyConfigPatch, clientConfigPatchSchema, storedClientConfigSchema, type ClientConfigPatch } from '@/lib/schemas/client-config';
import type { BrandSettings } from '@/lib/schemas/console-money';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import { getSettings } from './get-settings';
import { withoutSecrets } from './shared';

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
