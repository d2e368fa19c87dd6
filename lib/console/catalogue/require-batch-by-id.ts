import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { batches } from '@/lib/db/schema';
import { notFound } from '@/lib/errors';
import type { ConsoleScope } from '../scope';
import type { BatchRow } from './shared';

/** A batch of this brand by id, or 404. */
export async function requireBatchById(scope: ConsoleScope, batchId: string): Promise<BatchRow> {
  const db = await getDb();
  const [row] = await db.select().from(batches).where(and(eq(batches.clientId, scope.clientId), eq(batches.id, batchId)));
  if (!row) throw notFound('Batch');
  return row;
}
