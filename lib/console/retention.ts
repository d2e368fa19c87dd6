import 'server-only';
import { and, eq, lt } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import type { DbOrTx } from '@/lib/db/db-or-tx';
import { forgetRollupsThrough, lockRollups } from '@/lib/db/scan-rollups';
import { clients, scans, unitSessions } from '@/lib/db/schema';
import { brandConfigOf } from '@/lib/brands/brand-config';
import { ApiError } from '@/lib/errors';
import { recordAudit } from './audit';
import type { ConsoleScope } from './scope';

// Retention of a brand's raw scan data (docs/verification.md, "Risk"): scans and unit sessions
// older than the brand's verification.risk.retentionDays are deleted, really. The server's job
// (lib/operator/retention.ts) does it every six hours for every brand; an owner or manager can
// "purge now" from the console, and `npm run brand -- purge-scans --slug` does the same, both
// through purgeBrandScans, audited as scans.purge.

export type PurgeResult = { retentionDays: number; before: string; scansDeleted: number; sessionsDeleted: number };

/** Deletes one brand's scans and unit sessions from before `cutoff`; returns how many of each. */
export async function deleteScanDataBefore(db: DbOrTx, clientId: string, cutoff: Date) {
  // The scans and the overview's daily rollups of the days they were in go together, under the
  // lock that counting days takes (lib/db/scan-rollups.ts): the cutoff's day is counted again
  // from what stays.
  return db.transaction(async (tx) => {
    await lockRollups(tx, clientId);
    const scansDeleted = (await tx.delete(scans).where(and(eq(scans.clientId, clientId), lt(scans.at, cutoff))).returning({ id: scans.id })).length;
    await forgetRollupsThrough(tx, clientId, cutoff.toISOString().slice(0, 10));
    const sessionsDeleted = (
      await tx.delete(unitSessions).where(and(eq(unitSessions.clientId, clientId), lt(unitSessions.lastAt, cutoff))).returning({ k: unitSessions.sessionKey })
    ).length;
    return { scansDeleted, sessionsDeleted };
  });
}

/** The brand's retention applied now: what is older than its retention days is gone. Audited. */
export async function purgeBrandScans(scope: ConsoleScope, now = new Date()): Promise<PurgeResult> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [client] = await tx.select().from(clients).where(eq(clients.id, scope.clientId));
    if (!client) throw new ApiError('not_found', 'No such brand');
    const retentionDays = brandConfigOf(client).verification.risk.retentionDays;
    const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
    const counts = await deleteScanDataBefore(tx, scope.clientId, cutoff);
    const result = { retentionDays, before: cutoff.toISOString(), ...counts };
    await recordAudit(tx, scope, { action: 'scans.purge', target: `older than ${retentionDays} days`, after: result });
    return result;
  });
}
