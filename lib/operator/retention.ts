import 'server-only';
import { and, eq, lt } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { forgetRollupsThrough, lockRollups } from '@/lib/db/scan-rollups';
import { clients, scans, unitSessions } from '@/lib/db/schema';
import { brandConfigOf } from '@/lib/brands/brand-config';
import { requireBrand } from './brands';

// Retention of raw scan data (docs/verification.md, "Risk"): each brand's scans and its units'
// sessions (device, customer, coarse place) older than verification.risk.retentionDays (default
// 100) are deleted, really: rows gone, not marked. What stays: each unit's verification count and
// first verification (unit_scan_stats), claims, red flags. The overview's daily rollups of the
// purged days are forgotten with them (lib/db/scan-rollups.ts). Run by the server every few hours
// (lib/server/startup.ts) and by `npm run brand -- purge-scans`.

export const purgeScansArgs = z.object({ slug: z.string().min(1).optional() }).strict();

export async function purgeScans(args: z.output<typeof purgeScansArgs> = {}, now = new Date()) {
  const db = await getDb();
  const brands = args.slug ? [await requireBrand(args.slug)] : await db.select({ id: clients.id }).from(clients);
  let scansDeleted = 0;
  let sessionsDeleted = 0;
  for (const { id } of brands) {
    const [client] = await db.select().from(clients).where(eq(clients.id, id));
    if (!client) continue;
    const days = brandConfigOf(client).verification.risk.retentionDays;
    const cutoff = new Date(now.getTime() - days * 86_400_000);
    // The scans and the daily rollups of the days they were in go together, under the lock that
    // counting days takes (lib/db/scan-rollups.ts): the cutoff's day is counted again from what stays.
    scansDeleted += await db.transaction(async (tx) => {
      await lockRollups(tx, id);
      const gone = await tx.delete(scans).where(and(eq(scans.clientId, id), lt(scans.at, cutoff))).returning({ id: scans.id });
      await forgetRollupsThrough(tx, id, cutoff.toISOString().slice(0, 10));
      return gone.length;
    });
    sessionsDeleted += (
      await db.delete(unitSessions).where(and(eq(unitSessions.clientId, id), lt(unitSessions.lastAt, cutoff))).returning({ k: unitSessions.sessionKey })
    ).length;
  }
  return { brands: brands.length, scansDeleted, sessionsDeleted };
}

const EVERY = 6 * 3_600_000;
let timer: NodeJS.Timeout | undefined;

/** Runs purgeScans a minute after start and then every six hours; never keeps the process alive. */
export function startRetentionJob() {
  if (timer) return;
  const run = () =>
    purgeScans().catch((err) => console.error(`[brand-verify] scan retention failed: ${err instanceof Error ? err.message : String(err)}`));
  const first = setTimeout(() => {
    void run();
    timer = setInterval(() => void run(), EVERY);
    timer.unref();
  }, 60_000);
  first.unref();
  timer = first;
}
