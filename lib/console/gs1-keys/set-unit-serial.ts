import 'server-only';
import { and, eq, ne, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { codes } from '@/lib/db/schema';
import { fieldError, notFound } from '@/lib/errors';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import { checkGs1Text, taken, isUniqueViolation } from './shared';

/** Sets the serial of the unit whose code (overt or covert) has `qrId`; it is kept on the unit's overt code. */
export async function setUnitSerial(scope: ConsoleScope, qrId: string, raw: string | null): Promise<{ qrId: string; serial: string }> {
  const serial = raw === null || raw === '' ? null : checkGs1Text('serial', raw);
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const [code] = await tx.select().from(codes).where(and(eq(codes.clientId, scope.clientId), eq(codes.qrId, qrId)));
      if (!code) throw notFound('Code');
      if (!code.pairId) throw fieldError('unprocessable', 'qrId', 'is no unit code (cases, pallets and batch-level codes have no serial)');
      const [overt] = await tx
        .select()
        .from(codes)
        .where(and(eq(codes.clientId, scope.clientId), eq(codes.pairId, code.pairId), eq(codes.level, 6)))
        .for('update');
      if (!overt) throw notFound('Code');
      const effective = serial ?? overt.qrId;
      const [other] = await tx
        .select({ id: codes.id })
        .from(codes)
        .where(
          and(
            eq(codes.clientId, scope.clientId),
            eq(codes.productId, overt.productId),
            eq(codes.level, 6),
            ne(codes.id, overt.id),
            sql`${codes.pairId} is not null`,
            sql`coalesce(${codes.serial}, ${codes.qrId}) = ${effective}`,
          ),
        );
      if (other) throw taken('serial', effective);
      await tx.update(codes).set({ serial }).where(and(eq(codes.clientId, scope.clientId), eq(codes.id, overt.id)));
      await recordAudit(tx, scope, { action: 'code.serial', target: overt.id, before: { serial: overt.serial }, after: { serial } });
      return { qrId: overt.qrId, serial: effective };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken('serial', serial ?? '');
    throw err;
  }
}
