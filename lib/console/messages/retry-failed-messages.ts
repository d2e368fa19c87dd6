import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { messageOutbox } from '@/lib/db/schema';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';

/** Failed messages go out again (after the brand fixed its settings): queued now, their attempts counted afresh. */
export async function retryFailedMessages(scope: ConsoleScope, now = new Date()): Promise<{ requeued: number }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(messageOutbox)
      .set({ state: 'queued', attempts: 0, nextAttemptAt: now })
      .where(and(eq(messageOutbox.clientId, scope.clientId), eq(messageOutbox.state, 'failed')))
      .returning({ id: messageOutbox.id });
    await recordAudit(tx, scope, { action: 'messages.retry', target: `${rows.length} message${rows.length === 1 ? '' : 's'}`, after: { requeued: rows.length } });
    return { requeued: rows.length };
  });
}
