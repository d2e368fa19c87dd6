import 'server-only';
import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db/client';
import { batches, codes, products, redFlags, scans } from '@/lib/db/schema';
import { placeNameOf } from '@/lib/places/gazetteer';
import { ApiError } from '@/lib/errors';
import type { RISK_RULE_NAMES } from '@/lib/schemas/red-flags';
import { redFlagSchema, type RedFlagRow } from '@/lib/schemas/red-flags';
import { recordAudit } from './audit';
import { afterKey, dayRange, exportFileName, keysetPages, keyText, orderOf, type SortColumn } from './list-kit';
import { placeCondition, placeNamesOf } from './place-filter';
import { CSV_MAX_ROWS, sortOf } from '@/lib/schemas/console-list';
import type { RED_FLAG_SORTS, RedFlagExportQuery } from '@/lib/schemas/console-red-flags';
import type { ConsoleScope } from './scope';

// Red flags of a brand (docs/verification.md, "Risk"), one use case for the console and the
// command line (lib/operator/red-flags.ts): list and filter, resolve (a copy, confirmed) or
// dismiss (not a copy: an automatic blacklisting is lifted) with a note, audited in the same
// transaction. Every query is scoped by scope.clientId.

export type RedFlagFilter = {
  status: 'open' | 'resolved' | 'dismissed' | 'all';
  rule?: (typeof RISK_RULE_NAMES)[number];
  product?: string;
  batch?: string;
  from?: string;
  to?: string;
  place?: string;
  sort?: RedFlagExportQuery['sort'];
};

/**
 * A flag's place: its unit's latest scan with a place, rounded to one decimal, as [lat, lng] (the
 * overview's map puts red flags there too); null when no scan of the unit has one. One look-up of
 * the scans' (client_id, unit_key, at) index per flag.
 */
const flagPlace = sql<number[] | null>`(select array[round(s.lat * 10) / 10, round(s.lng * 10) / 10]::float8[] from ${scans} s
  where s.client_id = ${redFlags.clientId} and s.unit_key = ${redFlags.unitKey} and s.lat is not null and s.lng is not null order by s.at desc limit 1)`;
const flagLat = sql<number | null>`(${flagPlace})[1]`;
const flagLng = sql<number | null>`(${flagPlace})[2]`;

const RED_FLAG_SORT_COLUMNS: Record<(typeof RED_FLAG_SORTS)[number], SortColumn> = {
  created: { expr: redFlags.createdAt, type: 'timestamptz' },
  status: { expr: redFlags.status, type: 'text' },
};

async function filterSql(clientId: string, f: RedFlagFilter): Promise<SQL[]> {
  const where: SQL[] = [eq(redFlags.clientId, clientId)];
  if (f.status !== 'all') where.push(eq(redFlags.status, f.status));
  if (f.rule) where.push(sql`${f.rule} = any(${redFlags.rules})`);
  if (f.product) where.push(eq(redFlags.productId, f.product));
  if (f.batch) {
    where.push(sql`${redFlags.codeId} in (select ${codes.id} from ${codes} join ${batches} on ${batches.id} = ${codes.batchId} and ${batches.clientId} = ${clientId}
      where ${codes.clientId} = ${clientId} and upper(${batches.batchNumber}) = upper(${f.batch}))`);
  }
  where.push(...dayRange(redFlags.createdAt, f.from, f.to));
  if (f.place) {
    const db = await getDb();
    where.push(await placeCondition(f.place, flagLat, flagLng, (box) => db.selectDistinct({ lat: flagLat, lng: flagLng }).from(redFlags).where(and(eq(redFlags.clientId, clientId), box))));
  }
  return where;
}

/** The names of the places of the brand's red flags, for the place filter's choices. */
export async function redFlagPlaces(scope: ConsoleScope): Promise<string[]> {
  const db = await getDb();
  const points = await db.selectDistinct({ lat: flagLat, lng: flagLng }).from(redFlags).where(eq(redFlags.clientId, scope.clientId)).limit(5000);
  return placeNamesOf(points);
}

function selectFlags(db: Pick<Db, 'select'>, clientId: string, where: SQL[], col: SortColumn) {
  return db
    .select({ flag: redFlags, qrId: codes.qrId, product: products.name, place: flagPlace, key: keyText(col) })
    .from(redFlags)
    .leftJoin(codes, and(eq(codes.id, redFlags.codeId), eq(codes.clientId, clientId)))
    .leftJoin(products, and(eq(products.id, redFlags.productId), eq(products.clientId, clientId)))
    .where(and(...where))
    .$dynamic();
}

/** A page of red flags in the sort asked (newest first by default), and how many match. */
export async function listRedFlags(scope: ConsoleScope, args: RedFlagFilter & { limit: number; offset?: number }): Promise<{ redFlags: RedFlagRow[]; total: number }> {
  const db = await getDb();
  const where = await filterSql(scope.clientId, args);
  const { column, dir } = sortOf(args.sort ?? '-created');
  const col = RED_FLAG_SORT_COLUMNS[column];
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(redFlags).where(and(...where));
  const rows = await selectFlags(db, scope.clientId, where, col)
    .orderBy(orderOf(col, redFlags.id, dir))
    .limit(args.limit)
    .offset(args.offset ?? 0);
  return { total: Number(total), redFlags: rows.map(flagRowOf) };
}

function flagRowOf({ flag, qrId, product, place }: { flag: typeof redFlags.$inferSelect; qrId: string | null; product: string | null; place: number[] | null }): RedFlagRow {
  const [lat, lng] = place ?? [];
  return redFlagSchema.parse({
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
    place: lat === undefined || lng === undefined ? null : { lat, lng, near: placeNameOf({ lat, lng }) ?? '' },
  });
}

export const RED_FLAG_EXPORT_HEADER = ['Red flag', 'Raised', 'Status', 'Code id', 'Product', 'Rules', 'Reasons', 'Blacklisted', 'Note', 'Closed', 'Place', 'Latitude', 'Longitude'] as const;

/** Every red flag the filters match, in the sort asked, as CSV rows a keyset page at a time. Audited as redFlags.export. */
export async function exportRedFlags(scope: ConsoleScope, query: RedFlagExportQuery): Promise<{ fileName: string; rows: AsyncIterable<string[][]> }> {
  const db = await getDb();
  const where = await filterSql(scope.clientId, query);
  const { column, dir } = sortOf(query.sort);
  const col = RED_FLAG_SORT_COLUMNS[column];
  await recordAudit(db, scope, { action: 'redFlags.export', target: 'red flags', after: { ...query } });
  const pages = keysetPages(
    async (after, limit) => {
      const rows = await selectFlags(db, scope.clientId, [...where, ...(after ? [afterKey(col, redFlags.id, dir, after)!] : [])], col)
        .orderBy(orderOf(col, redFlags.id, dir))
        .limit(limit);
      return rows.map((r) => ({ row: r, key: { value: r.key, id: r.flag.id } }));
    },
    { max: CSV_MAX_ROWS },
  );
  async function* out() {
    for await (const page of pages) {
      yield page.map((r) => {
        const f = flagRowOf(r);
        return [f.id, f.createdAt, f.status, f.qrId, f.product, f.rules.join(' '), f.reasons.join(' | '), f.blacklisted ? 'yes' : 'no', f.note, f.closedAt, f.place?.near ?? '', f.place ? String(f.place.lat) : '', f.place ? String(f.place.lng) : ''];
      });
    }
  }
  return { fileName: exportFileName(scope.slug, 'red-flags'), rows: out() };
}

/** The brand's products, for the product filter. */
export async function productChoices(scope: ConsoleScope): Promise<Array<{ id: string; name: string }>> {
  const db = await getDb();
  return db.select({ id: products.id, name: products.name }).from(products).where(eq(products.clientId, scope.clientId)).orderBy(asc(products.name), asc(products.id)).limit(500);
}

/**
 * Closes an open flag with a note; a closed one is 409, another brand's or an unknown one 404.
 * Resolving it as a copy may also blacklist the unit's codes (the printed one and the hidden one
 * together), so customers who scan them are told the code is not genuine: the flag then says it
 * blacklisted them, and each code changed gets its own code.blacklist entry beside the flag's.
 */
export async function closeRedFlag(scope: ConsoleScope, args: { id: string; note: string; blacklist?: boolean }, status: 'resolved' | 'dismissed') {
  const db = await getDb();
  return db.transaction(async (txAny) => closeIn(txAny as unknown as Db, scope, args, status));
}

/**
 * Several open flags resolved as copies with one note (and, asked, their units' codes
 * blacklisted), in one transaction: all or nothing (one not open is a 409 naming it, another
 * brand's a 404). Each flag is audited as when resolved alone, and the whole once more
 * (redFlags.resolve.bulk).
 */
export async function resolveRedFlags(scope: ConsoleScope, args: { ids: string[]; note: string; blacklist?: boolean }) {
  const db = await getDb();
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const resolved = [];
    for (const id of args.ids) resolved.push(await closeIn(tx, scope, { id, note: args.note, blacklist: args.blacklist }, 'resolved'));
    await recordAudit(tx, scope, {
      action: 'redFlags.resolve.bulk',
      target: `${resolved.length} red flag${resolved.length === 1 ? '' : 's'}`,
      after: { ids: args.ids, note: args.note, blacklisted: resolved.flatMap((r) => r.blacklisted) },
    });
    return { resolved };
  });
}

/** Closes one flag inside a transaction the caller holds (closeRedFlag, resolveRedFlags, clearing a brand's mark). */
export async function closeIn(tx: Db, scope: ConsoleScope, args: { id: string; note: string; blacklist?: boolean }, status: 'resolved' | 'dismissed') {
  const [flag] = await tx.select().from(redFlags).where(and(eq(redFlags.clientId, scope.clientId), eq(redFlags.id, args.id))).for('update');
  if (!flag) throw new ApiError('not_found', `No red flag ${args.id}`);
  if (flag.status !== 'open') throw new ApiError('conflict', `Red flag ${args.id} is already ${flag.status}`);
  const unit = sql`coalesce(${codes.pairId}, ${codes.id}) = ${flag.unitKey}`;
  // A copy, confirmed: the unit's codes still active go on the blacklist now.
  const blacklistedNow: string[] = [];
  if (status === 'resolved' && args.blacklist) {
    const changed = await tx
      .update(codes)
      .set({ listStatus: 'Blacklisted' })
      .where(and(eq(codes.clientId, scope.clientId), unit, ne(codes.listStatus, 'Blacklisted')))
      .returning({ qrId: codes.qrId });
    for (const c of changed.sort((a, b) => (a.qrId < b.qrId ? -1 : a.qrId > b.qrId ? 1 : 0))) {
      blacklistedNow.push(c.qrId);
      await recordAudit(tx, scope, { action: 'code.blacklist', target: c.qrId, before: { listStatus: 'Whitelisted' }, after: { listStatus: 'Blacklisted', redFlag: flag.id } });
    }
  }
  const blacklisted = flag.blacklisted || (status === 'resolved' && !!args.blacklist);
  await tx
    .update(redFlags)
    .set({ status, note: args.note, closedAt: new Date(), ...(status === 'resolved' ? { blacklisted } : {}) })
    .where(and(eq(redFlags.clientId, scope.clientId), eq(redFlags.id, flag.id)));
  // Not a copy after all: the unit's codes come off the blacklist the flag put them on.
  let unblacklisted = false;
  if (status === 'dismissed' && flag.blacklisted) {
    await tx.update(codes).set({ listStatus: 'Whitelisted' }).where(and(eq(codes.clientId, scope.clientId), unit));
    unblacklisted = true;
  }
  await recordAudit(tx, scope, {
    action: status === 'resolved' ? 'redFlag.resolve' : 'redFlag.dismiss',
    target: flag.id,
    before: { status: flag.status },
    after: { status, note: args.note, unblacklisted, ...(status === 'resolved' ? { blacklisted: blacklistedNow } : {}) },
  });
  return { id: flag.id, status, note: args.note, unblacklisted, blacklisted: status === 'resolved' ? blacklistedNow : [] };
}
