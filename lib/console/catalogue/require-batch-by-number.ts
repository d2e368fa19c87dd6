import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { batches } from '@/lib/db/schema';
import { ApiError } from '@/lib/errors';

/** A batch of this brand by number (case-insensitive), or a clear error (the command line names batches by number). */
export async function requireBatchByNumber(clientId: string, batchNumber: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(batches)
    .where(and(eq(batches.clientId, clientId), sql`upper(${batches.batchNumber}) = upper(${batchNumber})`));
  if (!row) throw new ApiError('not_found', `No batch ${batchNumber}`);
  return row;
}
