import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db/client';
import { codes } from '@/lib/db/schema';
import type { CodeAction } from '@/lib/schemas/console-codes';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import { findCode, stateOf } from './shared';

/**
 * Blacklists a code (its scans answer Fake) or, with `blacklisted: false`, whitelists it again.
 * Audited as code.blacklist / code.whitelist with the list status before and after; asking for
 * the state the code is already in changes nothing and writes no entry.
 */
export async function setCodeBlacklisted(scope: ConsoleScope, args: { qrId: string; blacklisted: boolean }): Promise<CodeAction> {
  const db = await getDb();
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const code = await findCode(tx, scope.clientId, args.qrId, true);
    const listStatus = args.blacklisted ? 'Blacklisted' : 'Whitelisted';
    if (code.listStatus !== listStatus) {
      await tx.update(codes).set({ listStatus }).where(and(eq(codes.clientId, scope.clientId), eq(codes.id, code.id)));
      await recordAudit(tx, scope, {
        action: args.blacklisted ? 'code.blacklist' : 'code.whitelist',
        target: code.qrId,
        before: { listStatus: code.listStatus },
        after: { listStatus },
      });
    }
    return { qrId: code.qrId, state: stateOf({ ...code, listStatus }) };
  });
}
