import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { codes } from '@/lib/db/schema';
import type { ConsoleScope } from '../scope';

/** A unit code's serial as the console shows it: its own (or null) and the one its GS1 URI prints. */
export async function unitSerialOf(scope: ConsoleScope, qrId: string): Promise<{ qrId: string; serial: string | null; effective: string } | undefined> {
  const db = await getDb();
  const [code] = await db.select({ pairId: codes.pairId }).from(codes).where(and(eq(codes.clientId, scope.clientId), eq(codes.qrId, qrId)));
  if (!code?.pairId) return undefined;
  const [overt] = await db
    .select({ qrId: codes.qrId, serial: codes.serial })
    .from(codes)
    .where(and(eq(codes.clientId, scope.clientId), eq(codes.pairId, code.pairId), eq(codes.level, 6)));
  return overt && { qrId: overt.qrId, serial: overt.serial, effective: overt.serial ?? overt.qrId };
}
