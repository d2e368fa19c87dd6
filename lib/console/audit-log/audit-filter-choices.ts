import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { auditLog } from '@/lib/db/schema';
import type { ConsoleScope } from '../scope';

/** The actions and actors that occur in the brand's log, for the filters' choices. */
export async function auditFilterChoices(scope: ConsoleScope): Promise<{ actions: string[]; actors: string[] }> {
  const db = await getDb();
  const actions = await db.selectDistinct({ v: auditLog.action }).from(auditLog).where(eq(auditLog.clientId, scope.clientId)).orderBy(asc(auditLog.action));
  const actors = await db.selectDistinct({ v: auditLog.actor }).from(auditLog).where(eq(auditLog.clientId, scope.clientId)).orderBy(asc(auditLog.actor));
  return { actions: actions.map((a) => a.v), actors: actors.map((a) => a.v) };
}
