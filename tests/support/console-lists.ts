import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { auditLog } from '@/lib/db/schema';

// What the console lists' API tests share (tests/api/console-lists*.test.ts).

/** A CSV answer's rows without the byte-order mark, the header first. */
export const rowsOf = (text: string) => text.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);

/** The brand's audit rows of one action. */
export async function audited(clientId: string, action: string) {
  const db = await getDb();
  return db.select().from(auditLog).where(and(eq(auditLog.clientId, clientId), eq(auditLog.action, action)));
}

/** Refusals every list and its CSV share: each names its field. */
export const BAD_QUERIES = [
  ['sort=colour', 'sort'],
  ['from=2026-02-30', 'from'],
  ['from=2026-03-10&to=2026-03-01', 'to'],
  ['shade=red', 'shade'],
] as const;
