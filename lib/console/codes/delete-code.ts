import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db/client';
import { codes } from '@/lib/db/schema';
import type { CodeAction } from '@/lib/schemas/console-codes';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import { findCode } from './shared';

/** Marks a code DELETED (scans answer Invalid Product); its scans and claim stay for the record. Audited as code.delete. */
export async function deleteCodeOf(scope: ConsoleScope, args: { qrId: string }): Promise<CodeAction> {
  const db = await getDb();
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const code = await findCode(tx, scope.clientId, args.qrId, true);
    if (code.status !== 'DELETED') {
      await tx.update(codes).set({ status: 'DELETED' }).where(and(eq(codes.clientId, scope.clientId), eq(codes.id, code.id)));
      await recordAudit(tx, scope, { action: 'code.delete', target: code.qrId, before: { status: code.status }, after: { status: 'DELETED' } });
    }
    return { qrId: code.qrId, state: 'deleted' };
  });
}
