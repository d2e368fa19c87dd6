import 'server-only';
import { and, asc, desc, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db/client';
import { batches, claims, codes, products, redFlags, rewardGrants, rewards, trackingEvents, warranties } from '@/lib/db/schema';
import { formatAuthCode, normalizeAuthCode } from '@/lib/domain/auth-code';
import { isWellFormedQrId } from '@/lib/domain/qr-id';
import { roleMay, rolePrints } from '@/lib/domain/staff-roles';
import { ApiError, fieldError } from '@/lib/errors';
import {
  codeDetailSchema,
  codeSearchSchema,
  type BulkBlacklist,
  type CodeAction,
  type CodeDetail,
  type CodeExportQuery,
  type CODE_SORTS,
  type CodeRow,
  type CodeSearch,
  type CodeSearchQuery,
  type TrackingEventBody,
  type TrackingEventView,
} from '@/lib/schemas/console-codes';
import { unitTimeline } from '@/lib/operator/red-flags';
import { randomId } from '@/lib/ids';
import { recordAudit } from './audit';
import { suspectMarksOf } from './suspect-marks';
import { afterKey, dayRange, exportFileName, keysetPages, keyText, orderOf, type SortColumn } from './list-kit';
import { CSV_MAX_ROWS, sortOf } from '@/lib/schemas/console-list';
import type { ConsoleScope } from './scope';

// The brand's codes (docs/console.md, "Codes"): find them, read one code's story, blacklist,
// whitelist again or delete. The console and the command line (npm run brand blacklist-code,
// delete-code) call the same functions; each change is audited in its own transaction.

/** The most scans a code's page shows (the oldest first). */
export const CODE_PAGE_SCANS = 500;

const KINDS = { 6: 'overt', 7: 'covert', 8: 'case', 9: 'pallet' } as const;
/** The level of a hidden (covert) code, under the scratch panel. */
const COVERT_LEVEL = 7;

type Joined = { code: typeof codes.$inferSelect; batchNumber: string; productName: string };

function stateOf(code: typeof codes.$inferSelect): CodeRow['state'] {
  return code.status === 'DELETED' ? 'deleted' : code.listStatus === 'Blacklisted' ? 'blacklisted' : 'active';
}

/** Whether the acting scope sees codes' secrets (hidden codes, authentication codes): the printing roles and the command line. */
export const seesCodeSecrets = (scope: ConsoleScope): boolean => scope.actor.kind === 'cli' || rolePrints(scope.actor.role);
/** Whether the acting scope sees who claimed a unit (the claims area's readers, and the command line). */
export const seesClaimants = (scope: ConsoleScope): boolean => scope.actor.kind === 'cli' || roleMay(scope.actor.role, 'claims', 'read');

function rowOf({ code, batchNumber, productName }: Joined, secrets = true): CodeRow {
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
type Key = { value: string; id: string };

/** Batch numbers and product names by id, kept across an export's pages (a batch's codes share one of each). */
type Names = { batches: Map<string, string>; products: Map<string, string> };

/**
 * Codes of the brand in the list's order (their ids when unsorted), with their batch number and
 * product name. The page of codes is read first (an index of (client_id, …, id), stopping at
 * `limit`), then its batches and products by id: a join first would have the planner walk every code.
 * `names`, given, holds those already read (an export's earlier pages): only the others are read.
 */
async function selectCodes(
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

/** A page's `next`: the last id when unsorted (as before sorts), else its sort key and id. */
const cursorOf = (key: Key, sorted: boolean) => (sorted ? Buffer.from(JSON.stringify([key.value, key.id])).toString('base64url') : key.id);
function keyOfCursor(after: string | undefined, sorted: boolean): Key | null {
  if (!after) return null;
  if (!sorted) return { value: '', id: after };
  try {
    const v: unknown = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'string' && v[0].length <= 64 && v[1].length <= 64) return { value: v[0], id: v[1] };
  } catch {
    // falls through to the refusal
  }
  throw fieldError('unprocessable', 'after', 'must be the next value of a previous page of the same sort');
}

/**
 * The list's filters (state, kind, product, batch number, days made) as SQL on codes. The batch is
 * looked up by its number first (one per brand, in any case) and the codes matched by its id: with
 * `batch_id in (select …)` the planner walked the brand's codes in id order to find one batch's
 * (docs/benchmarks.md, *Console*), where `batch_id = …` reads the (client_id, batch_id, id) index.
 */
async function codeFilters(clientId: string, query: CodeExportQuery): Promise<SQL | undefined> {
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
async function matchOf(clientId: string, term: string | undefined): Promise<{ matchedBy: CodeSearch['matchedBy']; where: SQL | undefined }> {
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
const hideCovertOf = (scope: ConsoleScope, matchedBy: CodeSearch['matchedBy']) =>
  !seesCodeSecrets(scope) && (matchedBy === 'all' || matchedBy === 'batch') ? ne(codes.level, COVERT_LEVEL) : undefined;

/**
 * Codes by a search term and the list's filters, in pages (keyset: `after` is the previous page's
 * `next`), sorted by a column or by the code's id, with how many match in all. The term is tried
 * as a qrId, then an authentication code, then a batch number; an empty term lists every code.
 */
export async function searchCodes(scope: ConsoleScope, query: CodeSearchQuery): Promise<CodeSearch> {
  const { clientId } = scope;
  const secrets = seesCodeSecrets(scope);
  const { matchedBy, where: match } = await matchOf(clientId, query.q);
  if (matchedBy === 'none') return codeSearchSchema.parse({ matchedBy, codes: [], total: 0, next: '' });
  const where = and(match, hideCovertOf(scope, matchedBy), await codeFilters(clientId, query));
  const sorted = !!query.sort;
  const db = await getDb();
  const [rows, [counted]] = await Promise.all([
    selectCodes(clientId, where, query.limit + 1, query, keyOfCursor(query.after, sorted)),
    db.select({ n: sql<number>`count(*)::int` }).from(codes).where(and(eq(codes.clientId, clientId), where)),
  ]);
  const more = rows.length > query.limit;
  const shown = rows.slice(0, query.limit);
  return codeSearchSchema.parse({
    matchedBy,
    codes: shown.map((r) => rowOf(r, secrets)),
    total: Number(counted?.n ?? 0),
    next: more ? cursorOf(shown[shown.length - 1]!.key, sorted) : '',
  });
}

export const CODE_EXPORT_HEADER = ['Code id', 'Kind', 'State', 'Product', 'Batch', 'Unit', 'Authentication code', 'Created'] as const;

/**
 * Every code the list's search and filters match, in its order, as CSV rows a page at a time
 * (keyset pages of EXPORT_PAGE_ROWS: one page in memory at most). The same rows, and the same
 * secrets by role, as the list; audited as codes.export with the filters.
 */
export async function exportCodes(scope: ConsoleScope, query: CodeExportQuery): Promise<{ fileName: string; rows: AsyncIterable<string[][]> }> {
  const { clientId } = scope;
  const secrets = seesCodeSecrets(scope);
  // A file of codes is what copies are printed from: only the roles that print download one,
  // as with a batch's codes (lib/console/catalogue-exports.ts). The list shows a page at a time.
  if (!secrets) throw new ApiError('forbidden', 'Your role may not download codes: only the roles that print (owner, manager) may.');
  const { matchedBy, where: match } = await matchOf(clientId, query.q);
  const where = and(match, hideCovertOf(scope, matchedBy), await codeFilters(clientId, query));
  await recordAudit(await getDb(), scope, { action: 'codes.export', target: 'codes', after: { ...query } });
  const names: Names = { batches: new Map(), products: new Map() };
  const pages = keysetPages(
    async (after, limit) => (matchedBy === 'none' ? [] : (await selectCodes(clientId, where, limit, query, after, names)).map((r) => ({ row: r, key: r.key }))),
    { max: CSV_MAX_ROWS },
  );
  async function* rows() {
    for await (const page of pages) {
      yield page.map((j) => {
        const r = rowOf(j, secrets);
        return [r.qrId, r.batchLevel ? 'batch-level' : r.kind, r.state, r.product, r.batch, r.unit, r.authCode, r.createdAt];
      });
    }
  }
  return { fileName: exportFileName(scope.slug, 'codes'), rows: rows() };
}

/** The brand's code by its qrId: 422 for a malformed id, 404 for one the brand does not have. */
async function findCode(db: Pick<Db, 'select'>, clientId: string, qrId: string, lock = false) {
  if (!isWellFormedQrId(qrId)) throw fieldError('unprocessable', 'qrId', 'must be a code id: 1 to 64 letters and digits');
  const base = db.select().from(codes).where(and(eq(codes.clientId, clientId), eq(codes.qrId, qrId)));
  const [row] = lock ? await base.for('update') : await base;
  if (!row) throw new ApiError('not_found', `No code ${qrId}`);
  return row;
}

/** A code's page: what it is, its unit's scans, claim, tracking, warranty, rewards and red flags. */
export async function codeDetail(scope: ConsoleScope, qrId: string): Promise<CodeDetail> {
  const { clientId } = scope;
  const db = await getDb();
  const code = await findCode(db, clientId, qrId);
  const unitKey = code.pairId ?? code.id;
  const [[joined], [batch], claimRows, timeline, warrantyRows, rewardRows, flagRows, marks] = await Promise.all([
    selectCodes(clientId, eq(codes.id, code.id), 1),
    db.select({ expiryDate: batches.expiryDate }).from(batches).where(and(eq(batches.clientId, clientId), eq(batches.id, code.batchId))),
    code.pairId ? db.select().from(claims).where(and(eq(claims.clientId, clientId), eq(claims.unitId, code.pairId))) : Promise.resolve([]),
    unitTimeline(clientId, unitKey, CODE_PAGE_SCANS),
    code.pairId ? db.select().from(warranties).where(and(eq(warranties.clientId, clientId), eq(warranties.unitId, code.pairId))) : Promise.resolve([]),
    code.pairId
      ? db
          .select({ reward: rewards.name, type: rewards.type, at: rewardGrants.createdAt })
          .from(rewardGrants)
          .innerJoin(rewards, and(eq(rewards.id, rewardGrants.rewardId), eq(rewards.clientId, clientId)))
          .where(and(eq(rewardGrants.clientId, clientId), eq(rewardGrants.unitId, code.pairId)))
          .orderBy(asc(rewardGrants.createdAt))
      : Promise.resolve([]),
    db.select().from(redFlags).where(and(eq(redFlags.clientId, clientId), eq(redFlags.unitKey, unitKey))).orderBy(desc(redFlags.createdAt)),
    code.pairId ? suspectMarksOf(db, clientId, code.pairId) : Promise.resolve([]),
  ]);
  // Tracking: the events of this code and of the case and pallet it was packed in.
  const chain = [code.id];
  let parent = code.parentCodeId;
  while (parent && chain.length < 3) {
    chain.push(parent);
    const [p] = await db.select({ parentCodeId: codes.parentCodeId }).from(codes).where(and(eq(codes.clientId, clientId), eq(codes.id, parent)));
    parent = p?.parentCodeId ?? null;
  }
  const tracking = await db
    .select()
    .from(trackingEvents)
    .where(and(eq(trackingEvents.clientId, clientId), inArray(trackingEvents.codeId, chain)))
    .orderBy(asc(trackingEvents.at), asc(trackingEvents.id));
  const claim = claimRows[0];
  const warranty = warrantyRows[0];
  // Who claimed the unit is the claims area's: a role without it sees that it is claimed, not by whom.
  const claimants = seesClaimants(scope);
  return codeDetailSchema.parse({
    code: rowOf(joined!, seesCodeSecrets(scope)),
    batchExpiry: batch?.expiryDate ?? '',
    claim: claim ? { ...(claimants ? { customerId: claim.customerId } : {}), claimedAt: claim.claimedAt.toISOString() } : null,
    scans: claimants ? timeline : timeline.map((t) => ({ ...t, customerId: '' })),
    tracking: tracking.map((t) => ({ at: t.at.toISOString(), stage: t.stage, place: t.place })),
    warranty: warranty ? { status: warranty.status, purchaseDate: warranty.purchaseDate, startsOn: warranty.startsOn, endsOn: warranty.endsOn } : null,
    rewards: rewardRows.map((r) => ({ reward: r.reward, type: r.type, at: r.at.toISOString() })),
    redFlags: flagRows.map((f) => ({ id: f.id, status: f.status, rules: f.rules, createdAt: f.createdAt.toISOString() })),
    suspectMarks: marks,
  });
}

/**
 * Blacklists a code (its scans answer Fake) or, with `blacklisted: false`, whitelists it again.
 * Audited as code.blacklist / code.whitelist with the list status before and after; asking for
 * the state the code is already in changes nothing and writes no entry.
 */
export async function setCodeBlacklisted(scope: ConsoleScope, args: { qrId: string; blacklisted: boolean }): Promise<CodeAction> {
  const db = await getDb();
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const code = await findCode(tx, scope.clientId, args.qrId, true);
    const listStatus = args.blacklisted ? 'Blacklisted' : 'Whitelisted';
    if (code.listStatus !== listStatus) {
      await tx.update(codes).set({ listStatus }).where(and(eq(codes.clientId, scope.clientId), eq(codes.id, code.id)));
      await recordAudit(tx, scope, {
        action: args.blacklisted ? 'code.blacklist' : 'code.whitelist',
        target: code.qrId,
        before: { listStatus: code.listStatus },
        after: { listStatus },
      });
    }
    return { qrId: code.qrId, state: stateOf({ ...code, listStatus }) };
  });
}

/** Marks a code DELETED (scans answer Invalid Product); its scans and claim stay for the record. Audited as code.delete. */
export async function deleteCodeOf(scope: ConsoleScope, args: { qrId: string }): Promise<CodeAction> {
  const db = await getDb();
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const code = await findCode(tx, scope.clientId, args.qrId, true);
    if (code.status !== 'DELETED') {
      await tx.update(codes).set({ status: 'DELETED' }).where(and(eq(codes.clientId, scope.clientId), eq(codes.id, code.id)));
      await recordAudit(tx, scope, { action: 'code.delete', target: code.qrId, before: { status: code.status }, after: { status: 'DELETED' } });
    }
    return { qrId: code.qrId, state: 'deleted' };
  });
}

/**
 * Records where a unit, case or pallet code has got to (a stage, a place, a time: now when not
 * given); the customer's tracking page shows it. The console and `npm run brand
 * record-tracking-event` call this one; audited as code.tracking.
 */
export async function recordTrackingEventOf(scope: ConsoleScope, qrId: string, body: TrackingEventBody): Promise<TrackingEventView> {
  const db = await getDb();
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const code = await findCode(tx, scope.clientId, qrId);
    const at = body.at ? new Date(body.at) : new Date();
    const id = randomId('te', 16);
    await tx.insert(trackingEvents).values({ id, clientId: scope.clientId, codeId: code.id, stage: body.stage, place: body.place, at });
    const event = { id, qrId: code.qrId, stage: body.stage, place: body.place, at: at.toISOString() };
    await recordAudit(tx, scope, { action: 'code.tracking', target: code.qrId, after: { stage: event.stage, place: event.place, at: event.at } });
    return event;
  });
}

/**
 * Blacklists a batch's codes at once: all of them, or the units from one printed code to another
 * in the batch's printed order (created, then unit), each unit's printed and hidden code together.
 * One transaction and one audit entry (codes.blacklist.bulk, with the range and the count); codes
 * already blacklisted are counted apart and left alone. An end not of this batch is a 422 on it.
 */
export async function blacklistCodesOf(scope: ConsoleScope, input: { batchId: string; from?: string; to?: string }): Promise<BulkBlacklist> {
  const db = await getDb();
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const [batch] = await tx.select().from(batches).where(and(eq(batches.clientId, scope.clientId), eq(batches.id, input.batchId)));
    if (!batch) throw new ApiError('not_found', 'No such batch of the brand');
    // Positions in the printed order (created, then unit): both codes of a unit share one.
    const ordered = sql`select ${codes.id} as id, ${codes.qrId} as qr_id, dense_rank() over (order by ${codes.createdAt}, coalesce(${codes.pairId}, ${codes.id})) as pos
      from ${codes} where ${codes.clientId} = ${scope.clientId} and ${codes.batchId} = ${batch.id}`;
    let range: SQL | undefined;
    if (input.from && input.to) {
      for (const [field, qrId] of [['from', input.from], ['to', input.to]] as const) {
        const [row] = await tx.select({ id: codes.id }).from(codes).where(and(eq(codes.clientId, scope.clientId), eq(codes.batchId, batch.id), eq(codes.qrId, qrId)));
        if (!row) throw fieldError('unprocessable', field, `is not a code of batch ${batch.batchNumber}`);
      }
      range = sql`${codes.id} in (
        with o as (${ordered})
        select o.id from o where o.pos between (select min(pos) from o where o.qr_id in (${input.from}, ${input.to}))
                                       and (select max(pos) from o where o.qr_id in (${input.from}, ${input.to})))`;
    }
    const inScope = and(eq(codes.clientId, scope.clientId), eq(codes.batchId, batch.id), range);
    const [already] = await tx.select({ n: sql<number>`count(*)::int` }).from(codes).where(and(inScope, eq(codes.listStatus, 'Blacklisted')));
    const changed = await tx
      .update(codes)
      .set({ listStatus: 'Blacklisted' })
      .where(and(inScope, sql`${codes.listStatus} <> 'Blacklisted'`))
      .returning({ id: codes.id });
    if (changed.length) {
      await recordAudit(tx, scope, {
        action: 'codes.blacklist.bulk',
        target: batch.batchNumber,
        before: { listStatus: 'Whitelisted' },
        after: { listStatus: 'Blacklisted', codes: changed.length, ...(input.from ? { from: input.from, to: input.to } : { range: 'whole batch' }) },
      });
    }
    return { batchNumber: batch.batchNumber, blacklisted: changed.length, alreadyBlacklisted: Number(already?.n ?? 0) };
  });
}
