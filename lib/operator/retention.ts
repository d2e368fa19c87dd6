import 'server-only';
import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { clients } from '@/lib/db/schema';
import { deleteScanDataBefore, purgeBrandScans } from '@/lib/console/retention';
import { brandConfigOf } from '@/lib/brands/brand-config';
import { brandScope } from './brands';

// Retention of raw scan data (docs/verification.md, "Risk"): each brand's scans and its units'
// sessions (device, customer, coarse place) older than verification.risk.retentionDays (default
// 100) are deleted, really: rows gone, not marked. What stays: each unit's verification count and
// first verification (unit_scan_stats), where it was first seen (unit_first_places), claims, red flags. The overview's daily rollups of the
// purged days go with them (lib/console/retention.ts). Run by the server every few hours
// (lib/server/startup.ts) and by `npm run brand -- purge-scans` (with --slug: one brand, audited,
// the console's "purge now", lib/console/retention.ts).

export const purgeScansArgs = z.object({ slug: z.string().min(1).optional() }).strict();

export async function purgeScans(args: z.output<typeof purgeScansArgs> = {}, now = new Date()) {
  if (args.slug) {
    const done = await purgeBrandScans(await brandScope(args.slug), now);
    return { brands: 1, scansDeleted: done.scansDeleted, sessionsDeleted: done.sessionsDeleted };
  }
  const db = await getDb();
  let scansDeleted = 0;
  let sessionsDeleted = 0;
  const brands = await db.select().from(clients);
  for (const client of brands) {
    const days = brandConfigOf(client).verification.risk.retentionDays;
    const done = await deleteScanDataBefore(db, client.id, new Date(now.getTime() - days * 86_400_000));
    scansDeleted += done.scansDeleted;
    sessionsDeleted += done.sessionsDeleted;
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
