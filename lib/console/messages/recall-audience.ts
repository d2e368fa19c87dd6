import 'server-only';
import { getDb } from '@/lib/db/client';
import type { RecallAudience } from '@/lib/schemas/console-messages';
import type { ConsoleScope } from '../scope';
import { requireBatch, batchCustomers } from './shared';

export async function recallAudience(scope: ConsoleScope, batchId: string): Promise<RecallAudience> {
  const db = await getDb();
  const batch = await requireBatch(db, scope.clientId, batchId);
  return { batchId: batch.id, batchNumber: batch.batchNumber, productName: batch.productName, customers: (await batchCustomers(db, scope.clientId, batchId)).length };
}
