import 'server-only';
import { and, asc, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db/client';
import { batches, codes, products } from '@/lib/db/schema';
import { formatAuthCode, normalizeAuthCode } from '@/lib/domain/auth-code';
import { isWellFormedQrId } from '@/lib/domain/qr-id';
import { rolePrints } from '@/lib/domain/staff-roles';
import { ApiError, fieldError } from '@/lib/errors';
import type { CodeExportQuery, CODE_SORTS, CodeRow, CodeSearch } from '@/lib/schemas/console-codes';
import { afterKey, dayRange, keyText, orderOf, type SortColumn } from '../list-kit';
import { sortOf } from '@/lib/schemas/console-list';
import type { ConsoleScope } from '../scope';

const KINDS = { 6: 'overt', 7: 'covert', 8: 'case', 9: 'pallet' } as const;

/** The level of a hidden (covert) code, under the scratch panel. */
const COVERT_LEVEL = 7;

type Joined = { code: typeof codes.$inferSelect; batchNumber: string; productName: string };

export function stateOf(code: typeof codes.$inferSelect): CodeRow['state'] {
  return code.status === 'DELETED' ? 'deleted' : code.listStatus === 'Blacklisted' ? 'blacklisted' : 'active';
}

/** Whether the acting scope sees codes' secrets (hidden codes, authentication codes): the printing roles and the command line. */
export const seesCodeSecrets = (scope: ConsoleScope): boolean => scope.actor.kind === 'cli' || rolePrints(scope.actor.role);

export function rowOf({ code, batchNumber, productName }: Joined, secrets = true): CodeRow {
  return {
    qrId: code.qrId,
    kind: KINDS[code.level as keyof typeof KINDS],
    batchLevel: code.isBatchLevel,
    state: stateOf(code),
    batch: batchNumber,
    product: productName,
    productId: code.productId,
    unit: code.pairId ?? '',
    authCode: secrets && code.authCode ? formatAuthCode(code.authCode) : '',
    createdAt: code.createdAt.toISOString(),
  };
}

type CodeOrder = { sort?: CodeExportQuery['sort'] };

const CODE_SORT_COLUMNS: Record<(typeof CODE_SORTS)[number], SortColumn> = {
  created: { expr: codes.createdAt, type: 'timestamptz' },
  qrId: { expr: codes.qrId, type: 'text' },
};

export type Key = { value: string; id: string };

/** Batch numbers and product names by id, kept across an export's pages (a batch's codes share one of each). */
export type Names = { batches: Map<string, string>; products: Map<string, string> };

/**
 * Codes of the brand in the list's order (their ids when unsorted), with their batch number and
 * product name. The page of codes is read first (an index of (client_id, …, id), stopping at
 * `limit`), then its batches and products by id: a join first would have the planner walk every code.
 * `names`, given, holds those already read (an export's earlier pages): only the others are read.
 */
export async function selectCodes(
  clientId: string,
  where: SQL | undefined,
  limit: number,
  order: CodeOrder = {},
  after: Key | null = null,
  names: Names = { batches: new Map(), products: new Map() },
): Promise<Array<Joined & { key: Key }>> {
  const db = await getDb();
  const { column, dir } = order.sort ? sortOf(order.sort) : { column: null, dir: 'asc' as const };
  const col = column ? CODE_SORT_COLUMNS[column] : null;
  const rows = await db
    .select({ code: codes, key: col ? keyText(col) : sql<string>`''` })
    .from(codes)
    .where(and(eq(codes.clientId, clientId), where, col ? afterKey(col, codes.id, dir, after) : after ? gt(codes.id, after.id) : undefined))
    .orderBy(col ? orderOf(col, codes.id, dir) : asc(codes.id))
    .limit(limit);
  if (!rows.length) return [];
  const batchIds = [...new Set(rows.map((r) => r.code.batchId))].filter((id) => !names.batches.has(id));
  const productIds = [...new Set(rows.map((r) => r.code.productId))].filter((id) => !names.products.has(id));
  const [batchRows, productRows] = await Promise.all([
    batchIds.length ? db.select({ id: batches.id, name: batches.batchNumber }).from(batches).where(and(eq(batches.clientId, clientId), inArray(batches.id, batchIds))) : [],
    productIds.length ? db.select({ id: products.id, name: products.name }).from(products).where(and(eq(products.clientId, clientId), inArray(products.id, productIds))) : [],
  ]);
  for (const b of batchRows) names.batches.set(b.id, b.name);
  for (const p of productRows) names.products.set(p.id, p.name);
  return rows.map(({ code, key }) => ({ code, batchNumber: names.batches.get(code.batchId) ?? '', productName: names.products.get(code.productId) ?? '', key: { value: key, id: code.id } }));
}

/**
 * The list's filters (state, kind, product, batch number, days made) as SQL on codes. The batch is
 * looked up by its number first (one per brand, in any case) and the codes matched by its id: with
 * `batch_id in (select …)` the planner walked the brand's codes in id order to find one batch's
 * (docs/benchmarks.md, *Console*), where `batch_id = …` reads the (client_id, batch_id, id) index.
 */
export async function codeFilters(clientId: string, query: CodeExportQuery): Promise<SQL | undefined> {
  const kindLevel = { overt: 6, covert: 7, case: 8, pallet: 9 } as const;
  let batchId: string | null = null;
  if (query.batch) {
    const db = await getDb();
    const [batch] = await db.select({ id: batches.id }).from(batches).where(and(eq(batches.clientId, clientId), sql`upper(${batches.batchNumber}) = upper(${query.batch})`));
    batchId = batch?.id ?? null;
  }
  return and(
    query.status === 'deleted' ? eq(codes.status, 'DELETED') : undefined,
    query.status === 'blacklisted' ? and(ne(codes.status, 'DELETED'), eq(codes.listStatus, 'Blacklisted')) : undefined,
    query.status === 'active' ? and(ne(codes.status, 'DELETED'), ne(codes.listStatus, 'Blacklisted')) : undefined,
    query.kind ? eq(codes.level, kindLevel[query.kind]) : undefined,
    query.product ? eq(codes.productId, query.product) : undefined,
    query.batch ? (batchId === null ? sql`false` : eq(codes.batchId, batchId)) : undefined,
    ...dayRange(codes.createdAt, query.from, query.to),
  );
}

/** What a search term matches (a qrId, an authentication code, a batch number, or every code), as SQL. */
export async function matchOf(clientId: string, term: string | undefined): Promise<{ matchedBy: CodeSearch['matchedBy']; where: SQL | undefined }> {
  const q = term?.trim() ?? '';
  if (!q) return { matchedBy: 'all', where: undefined };
  const db = await getDb();
  if (isWellFormedQrId(q)) {
    const [hit] = await db.select({ id: codes.id }).from(codes).where(and(eq(codes.clientId, clientId), eq(codes.qrId, q)));
    if (hit) return { matchedBy: 'qrId', where: eq(codes.id, hit.id) };
  }
  const auth = normalizeAuthCode(q);
  if (auth) {
    const [hit] = await db.select({ id: codes.id }).from(codes).where(and(eq(codes.clientId, clientId), eq(codes.authCode, auth)));
    if (hit) return { matchedBy: 'authCode', where: eq(codes.id, hit.id) };
  }
  const [batch] = await db.select({ id: batches.id }).from(batches).where(and(eq(batches.clientId, clientId), sql`upper(${batches.batchNumber}) = upper(${q})`));
  if (batch) return { matchedBy: 'batch', where: eq(codes.batchId, batch.id) };
  return { matchedBy: 'none', where: undefined };
}

/** A role that does not print sees a hidden code only by searching for it (by its own id or authentication code). */
export const hideCovertOf = (scope: ConsoleScope, matchedBy: CodeSearch['matchedBy']) =>
  !seesCodeSecrets(scope) && (matchedBy === 'all' || matchedBy === 'batch') ? ne(codes.level, COVERT_LEVEL) : undefined;

/** The brand's code by its qrId: 422 for a malformed id, 404 for one the brand does not have. */
export async function findCode(db: Pick<Db, 'select'>, clientId: string, qrId: string, lock = false) {
  if (!isWellFormedQrId(qrId)) throw fieldError('unprocessable', 'qrId', 'must be a code id: 1 to 64 letters and digits');
  const base = db.select().from(codes).where(and(eq(codes.clientId, clientId), eq(codes.qrId, qrId)));
  const [row] = lock ? await base.for('update') : await base;
  if (!row) throw new ApiError('not_found', `No code ${qrId}`);
  return row;
}
