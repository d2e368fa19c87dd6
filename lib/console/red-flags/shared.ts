import 'server-only';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db/client';
import { batches, codes, products, redFlags, scans } from '@/lib/db/schema';
import { placeNameOf } from '@/lib/places/gazetteer';
import type { RISK_RULE_NAMES } from '@/lib/schemas/red-flags';
import { redFlagSchema, type RedFlagRow } from '@/lib/schemas/red-flags';
import { dayRange, keyText, type SortColumn } from '../list-kit';
import { placeCondition } from '../place-filter';
import type { RED_FLAG_SORTS, RedFlagExportQuery } from '@/lib/schemas/console-red-flags';

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

export const flagLat = sql<number | null>`(${flagPlace})[1]`;

export const flagLng = sql<number | null>`(${flagPlace})[2]`;

export const RED_FLAG_SORT_COLUMNS: Record<(typeof RED_FLAG_SORTS)[number], SortColumn> = {
  created: { expr: redFlags.createdAt, type: 'timestamptz' },
  status: { expr: redFlags.status, type: 'text' },
};

export async function filterSql(clientId: string, f: RedFlagFilter): Promise<SQL[]> {
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

export function selectFlags(db: Pick<Db, 'select'>, clientId: string, where: SQL[], col: SortColumn) {
  return db
    .select({ flag: redFlags, qrId: codes.qrId, product: products.name, place: flagPlace, key: keyText(col) })
    .from(redFlags)
    .leftJoin(codes, and(eq(codes.id, redFlags.codeId), eq(codes.clientId, clientId)))
    .leftJoin(products, and(eq(products.id, redFlags.productId), eq(products.clientId, clientId)))
    .where(and(...where))
    .$dynamic();
}

export function flagRowOf({ flag, qrId, product, place }: { flag: typeof redFlags.$inferSelect; qrId: string | null; product: string | null; place: number[] | null }): RedFlagRow {
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
