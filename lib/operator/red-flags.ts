import 'server-only';
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { getDb, type Db } from '@/lib/db/client';
import { batches, codes, products, redFlags, scans } from '@/lib/db/schema';
import { ApiError } from '@/lib/errors';
import { closeRedFlagArgs, codeTimelineArgs, listRedFlagsArgs, redFlagSchema, setBatchMarketsArgs, timelineEntrySchema } from '@/lib/schemas/red-flags';
import { requireBrand } from './brands';
import { requireBatch, requireCode } from './catalog';
import { purgeScans, purgeScansArgs } from './retention';

// The brand's view of suspect units (docs/verification.md, "Risk"): list and filter red flags,
// resolve (a copy, confirmed) or dismiss (not a copy: an automatic blacklisting is lifted) with a
// note, and a code's timeline. Every query is scoped by the brand's id.

export async function listRedFlags(args: z.output<typeof listRedFlagsArgs>) {
  const brand = await requireBrand(args.slug);
  const db = await getDb();
  const where: SQL[] = [eq(redFlags.clientId, brand.id)];
  if (args.status !== 'all') where.push(eq(redFlags.status, args.status));
  if (args.rule) where.push(sql`${args.rule} = any(${redFlags.rules})`);
  if (args.product) where.push(eq(redFlags.productId, args.product));
  const rows = await db
    .select({ flag: redFlags, qrId: codes.qrId, product: products.name })
    .from(redFlags)
    .leftJoin(codes, and(eq(codes.id, redFlags.codeId), eq(codes.clientId, brand.id)))
    .leftJoin(products, and(eq(products.id, redFlags.productId), eq(products.clientId, brand.id)))
    .where(and(...where))
    .orderBy(desc(redFlags.createdAt))
    .limit(args.limit);
  return rows.map(({ flag, qrId, product }) =>
    redFlagSchema.parse({
      id: flag.id,
      createdAt: flag.createdAt.toISOString(),
      status: flag.status,
      rules: flag.rules,
      qrId: qrId ?? '',
      productId: flag.productId ?? '',
      product: product ?? '',
      reasons: flag.reasons,
      blacklisted: flag.blacklisted,
      note: flag.note ?? '',
      closedAt: flag.closedAt?.toISOString() ?? '',
    }),
  );
}

async function closeFlag(args: z.output<typeof closeRedFlagArgs>, status: 'resolved' | 'dismissed') {
  const brand = await requireBrand(args.slug);
  const db = await getDb();
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const [flag] = await tx.select().from(redFlags).where(and(eq(redFlags.clientId, brand.id), eq(redFlags.id, args.id))).for('update');
    if (!flag) throw new ApiError('not_found', `No red flag ${args.id}`);
    if (flag.status !== 'open') throw new ApiError('conflict', `Red flag ${args.id} is already ${flag.status}`);
    await tx.update(redFlags).set({ status, note: args.note, closedAt: new Date() }).where(and(eq(redFlags.clientId, brand.id), eq(redFlags.id, flag.id)));
    // Not a copy after all: the unit's codes come off the blacklist the flag put them on.
    let unblacklisted = false;
    if (status === 'dismissed' && flag.blacklisted) {
      const unit = sql`coalesce(${codes.pairId}, ${codes.id}) = ${flag.unitKey}`;
      await tx.update(codes).set({ listStatus: 'Whitelisted' }).where(and(eq(codes.clientId, brand.id), unit));
      unblacklisted = true;
    }
    return { id: flag.id, status, note: args.note, unblacklisted };
  });
}
export const resolveRedFlag = (args: z.output<typeof closeRedFlagArgs>) => closeFlag(args, 'resolved');
export const dismissRedFlag = (args: z.output<typeof closeRedFlagArgs>) => closeFlag(args, 'dismissed');

/** A session's name in the timeline: a short hash, so a device id is never shown. */
const sessionName = (key: string | null) => (key ? `s-${createHash('sha256').update(key).digest('base64url').slice(0, 8)}` : '');

/** Every scan of a unit (its pair id, or the code id of a case, pallet or batch-level code), oldest first. */
export async function unitTimeline(clientId: string, unitKey: string, limit: number) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(scans)
    .where(and(eq(scans.clientId, clientId), eq(scans.unitKey, unitKey)))
    .orderBy(asc(scans.at), asc(scans.id))
    .limit(limit);
  return rows.map((s) =>
    timelineEntrySchema.parse({
      at: s.at.toISOString(),
      qrId: s.qrIdRaw,
      kind: s.kind,
      result: s.result,
      risk: s.risk ?? '',
      session: sessionName(s.sessionKey),
      customerId: s.customerId ?? '',
      place: s.lat === null || s.lng === null ? '' : `${s.lat.toFixed(2)},${s.lng.toFixed(2)}`,
    }),
  );
}

/** Every scan of a code's unit, oldest first: when, coarse where, session, result, risk (the console's code page shows the same). */
export async function codeTimeline(args: z.output<typeof codeTimelineArgs>) {
  const brand = await requireBrand(args.slug);
  const code = await requireCode(brand.id, args.qrId);
  return unitTimeline(brand.id, code.pairId ?? code.id, args.limit);
}

/** The countries a batch is sold in (the market rule); an empty list: anywhere. */
export async function setBatchMarkets(args: z.output<typeof setBatchMarketsArgs>) {
  const brand = await requireBrand(args.slug);
  const batch = await requireBatch(brand.id, args.batch);
  const markets = [...new Set(args.markets)];
  const db = await getDb();
  await db.update(batches).set({ markets: markets.length ? markets : null }).where(and(eq(batches.clientId, brand.id), eq(batches.id, batch.id)));
  return { batchNumber: batch.batchNumber, markets };
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
