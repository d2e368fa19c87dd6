import 'server-only';
import { getDb } from '@/lib/db/client';
import type { ConsoleScope } from '../scope';
import { liveSessionsOf, type StaffSessionRow } from '../sessions';
import { memberOf } from './shared';

/** A member's live sessions that reached this brand (never those used only at other brands). */
export async function memberSessions(scope: ConsoleScope, staffId: string): Promise<StaffSessionRow[]> {
  const db = await getDb();
  await memberOf(db, scope, staffId);
  return liveSessionsOf(staffId, new Date(), scope.clientId);
}
