import 'server-only';
import type { z } from 'zod';
import * as consoleRedFlags from '@/lib/console/red-flags';
import { cliScope } from '@/lib/console/scope';
import { setBatchMarketsOf } from '@/lib/console/catalogue';
import { closeRedFlagArgs, codeTimelineArgs, listRedFlagsArgs, listReportsArgs, setBatchMarketsArgs } from '@/lib/schemas/red-flags';
import { codeTimeline as consoleCodeTimeline } from '@/lib/console/codes';
import { listReports as consoleListReports } from '@/lib/console/reports';
import { brandScope, requireBrand } from './brands';
import { requireBatch } from './catalog';
import { purgeScans, purgeScansArgs } from './retention';

// The brand's view of suspect units (docs/verification.md, "Risk"): list and filter red flags,
// resolve (a copy, confirmed) or dismiss (not a copy: an automatic blacklisting is lifted) with a
// note (the console's use cases, lib/console/red-flags/, acting as the command line), and a
// code's timeline. Every query is scoped by the brand's id.

export async function listRedFlags(args: z.output<typeof listRedFlagsArgs>) {
  const brand = await requireBrand(args.slug);
  const { redFlags } = await consoleRedFlags.listRedFlags(cliScope(brand.id, brand.slug), args);
  return redFlags;
}

/** Customers' reports of suspicious products, newest first (the console's use case: the same rows and filters). */
export async function listReports(args: z.output<typeof listReportsArgs>) {
  const brand = await requireBrand(args.slug);
  const { reports } = await consoleListReports(cliScope(brand.id, brand.slug), { product: args.product, evidence: args.evidence, sort: '-created', page: 1, pageSize: args.limit });
  return reports;
}

async function closeFlag(args: z.output<typeof closeRedFlagArgs>, status: 'resolved' | 'dismissed') {
  const brand = await requireBrand(args.slug);
  return consoleRedFlags.closeRedFlag(cliScope(brand.id, brand.slug), { id: args.id, note: args.note }, status);
}
export const resolveRedFlag = (args: z.output<typeof closeRedFlagArgs>) => closeFlag(args, 'resolved');
export const dismissRedFlag = (args: z.output<typeof closeRedFlagArgs>) => closeFlag(args, 'dismissed');

/** Every scan of a code's unit, oldest first: when, coarse where, session, result, risk (the console's use case; the code's page shows the same). */
export async function codeTimeline(args: z.output<typeof codeTimelineArgs>) {
  return consoleCodeTimeline(await brandScope(args.slug), args.qrId, args.limit);
}

/** The countries a batch is sold in (the market rule); an empty list: anywhere. The console's use case, audited. */
export async function setBatchMarkets(args: z.output<typeof setBatchMarketsArgs>) {
  const brand = await requireBrand(args.slug);
  const batch = await requireBatch(brand.id, args.batch);
  const done = await setBatchMarketsOf(cliScope(brand.id, brand.slug), batch.id, { markets: args.markets });
  return { batchNumber: done.batchNumber, markets: done.markets };
}

export const redFlagCommands = {
  'set-batch-markets': {
    summary: 'Countries a batch is sold in, for the off-market risk rule: --slug --batch B-001 --markets IN,NP (--markets "" for anywhere)',
    args: setBatchMarketsArgs,
    run: setBatchMarkets,
  },
  'red-flags': {
    summary: 'List red flags (suspect units): --slug [--status open|resolved|dismissed|all] [--rule sessions|places|travel|consumed|market|sellBy|covert|destination] [--product <id>] [--limit 100]',
    args: listRedFlagsArgs,
    run: listRedFlags,
  },
  'list-reports': {
    summary: "List customers' reports of suspicious products, newest first: --slug [--product <id>] [--evidence with|any] [--limit 100]",
    args: listReportsArgs,
    run: listReports,
  },
  'resolve-red-flag': { summary: 'Resolve a red flag (a copy, confirmed): --slug --id <flag id> --note "…"', args: closeRedFlagArgs, run: resolveRedFlag },
  'dismiss-red-flag': {
    summary: 'Dismiss a red flag (not a copy; lifts its automatic blacklisting): --slug --id <flag id> --note "…"',
    args: closeRedFlagArgs,
    run: dismissRedFlag,
  },
  'purge-scans': {
    summary: 'Delete raw scan data older than each brand\'s verification.risk.retentionDays (default 100); the server also does it every 6 hours: [--slug]',
    args: purgeScansArgs,
    run: (args: z.output<typeof purgeScansArgs>) => purgeScans(args),
  },
  'code-timeline': { summary: 'Every scan of a code\'s unit, oldest first, with session, coarse place and risk: --slug --qr-id <qrId> [--limit 200]', args: codeTimelineArgs, run: codeTimeline },
};
