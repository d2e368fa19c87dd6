import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { codes } from '@/lib/db/schema';
import { ApiError } from '@/lib/errors';

/** A code of this brand by qrId, or a clear error. */
export async function requireCodeByQrId(clientId: string, qrId: string) {
  const db = await getDb();
  const [row] = await db.select().from(codes).where(and(eq(codes.clientId, clientId), eq(codes.qrId, qrId)));
  if (!row) throw new ApiError('not_found', `No code ${qrId}`);
  return row;
}
