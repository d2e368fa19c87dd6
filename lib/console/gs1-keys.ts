import 'server-only';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { batches, codes, products } from '@/lib/db/schema';
import { fieldError, notFound } from '@/lib/errors';
import { GS1_TEXT_PROBLEM, isGs1Text, normalizeGtin } from '@/lib/domain/gs1';
import { recordAudit } from './audit';
import type { ConsoleScope } from './scope';
import type { BatchSerials, BatchSerialsInput } from '@/lib/schemas/console-catalogue';

// The GS1 keys of the catalogue (docs/gs1.md): a product's GTIN, a batch's lot, a unit's serial.
// The console's catalogue and the command line (set-gtin, set-lot, set-serial) call these; each
// answers 422 naming its field for a malformed value and 409 for a value another item of the brand
// already has (the unique indexes of migration 0036 hold it under concurrent writes too). null
// clears a value: a batch's lot is then its batch number, a unit's serial its qrId.

/** A GTIN as typed → its 14-digit form, or 422 naming `gtin`. */
export function checkGtin(raw: string): string {
  const checked = normalizeGtin(raw);
  if (!checked.ok) throw fieldError('unprocessable', 'gtin', checked.problem);
  return checked.gtin;
}

/** A GTIN as typed that no product of the brand has yet → its 14-digit form (422 or 409 naming `gtin`), before anything is made with it. */
export async function freeGtin(clientId: string, raw: string): Promise<string> {
  const gtin = checkGtin(raw);
  const db = await getDb();
  const [other] = await db.select({ id: products.id }).from(products).where(and(eq(products.clientId, clientId), eq(products.gtin, gtin)));
  if (other) throw taken('gtin', gtin);
  return gtin;
}

function checkGs1Text(field: 'lot' | 'serial', raw: string): string {
  if (!isGs1Text(raw)) throw fieldError('unprocessable', field, GS1_TEXT_PROBLEM);
  return raw;
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) if (e.code === '23505') return true;
  return false;
}

function taken(field: string, what: string) {
  return fieldError('conflict', field, `${what} is already used by another ${field === 'gtin' ? 'product' : field === 'lot' ? 'batch of this product' : 'unit of this product'}`);
}

export async function setProductGtin(scope: ConsoleScope, productId: string, raw: string | null): Promise<{ productId: string; gtin: string | null }> {
  const gtin = raw === null || raw.trim() === '' ? null : checkGtin(raw);
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(products).where(and(eq(products.clientId, scope.clientId), eq(products.id, productId))).for('update');
      if (!before) throw notFound('Product');
      if (gtin) {
        const [other] = await tx.select({ id: products.id }).from(products).where(and(eq(products.clientId, scope.clientId), eq(products.gtin, gtin), ne(products.id, productId)));
        if (other) throw taken('gtin', gtin);
      }
      await tx.update(products).set({ gtin }).where(and(eq(products.clientId, scope.clientId), eq(products.id, productId)));
      await recordAudit(tx, scope, { action: 'product.gtin', target: productId, before: { gtin: before.gtin }, after: { gtin } });
      return { productId, gtin };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken('gtin', gtin ?? '');
    throw err;
  }
}

export async function setBatchLot(scope: ConsoleScope, batchId: string, raw: string | null): Promise<{ batchId: string; lot: string }> {
  const lot = raw === null || raw === '' ? null : checkGs1Text('lot', raw);
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(batches).where(and(eq(batches.clientId, scope.clientId), eq(batches.id, batchId))).for('update');
      if (!before) throw notFound('Batch');
      const effective = lot ?? before.batchNumber;
      if (!isGs1Text(effective)) throw fieldError('unprocessable', 'lot', `the batch number is no GS1 lot: ${GS1_TEXT_PROBLEM}`);
      const [other] = await tx
        .select({ id: batches.id })
        .from(batches)
        .where(and(eq(batches.clientId, scope.clientId), eq(batches.productId, before.productId), ne(batches.id, batchId), sql`coalesce(${batches.lot}, ${batches.batchNumber}) = ${effective}`));
      if (other) throw taken('lot', effective);
      await tx.update(batches).set({ lot }).where(and(eq(batches.clientId, scope.clientId), eq(batches.id, batchId)));
      await recordAudit(tx, scope, { action: 'batch.lot', target: batchId, before: { lot: before.lot }, after: { lot } });
      return { batchId, lot: effective };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken('lot', lot ?? '');
    throw err;
  }
}

/** Sets the serial of the unit whose code (overt or covert) has `qrId`; it is kept on the unit's overt code. */
export async function setUnitSerial(scope: ConsoleScope, qrId: string, raw: string | null): Promise<{ qrId: string; serial: string }> {
  const serial = raw === null || raw === '' ? null : checkGs1Text('serial', raw);
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const [code] = await tx.select().from(codes).where(and(eq(codes.clientId, scope.clientId), eq(codes.qrId, qrId)));
      if (!code) throw notFound('Code');
      if (!code.pairId) throw fieldError('unprocessable', 'qrId', 'is no unit code (cases, pallets and batch-level codes have no serial)');
      const [overt] = await tx
        .select()
        .from(codes)
        .where(and(eq(codes.clientId, scope.clientId), eq(codes.pairId, code.pairId), eq(codes.level, 6)))
        .for('update');
      if (!overt) throw notFound('Code');
      const effective = serial ?? overt.qrId;
      const [other] = await tx
        .select({ id: codes.id })
        .from(codes)
        .where(
          and(
            eq(codes.clientId, scope.clientId),
            eq(codes.productId, overt.productId),
            eq(codes.level, 6),
            ne(codes.id, overt.id),
            sql`${codes.pairId} is not null`,
            sql`coalesce(${codes.serial}, ${codes.qrId}) = ${effective}`,
          ),
        );
      if (other) throw taken('serial', effective);
      await tx.update(codes).set({ serial }).where(and(eq(codes.clientId, scope.clientId), eq(codes.id, overt.id)));
      await recordAudit(tx, scope, { action: 'code.serial', target: overt.id, before: { serial: overt.serial }, after: { serial } });
      return { qrId: overt.qrId, serial: effective };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken('serial', serial ?? '');
    throw err;
  }
}

/** A unit code's serial as the console shows it: its own (or null) and the one its GS1 URI prints. */
export async function unitSerialOf(scope: ConsoleScope, qrId: string): Promise<{ qrId: string; serial: string | null; effective: string } | undefined> {
  const db = await getDb();
  const [code] = await db.select({ pairId: codes.pairId }).from(codes).where(and(eq(codes.clientId, scope.clientId), eq(codes.qrId, qrId)));
  if (!code?.pairId) return undefined;
  const [overt] = await db
    .select({ qrId: codes.qrId, serial: codes.serial })
    .from(codes)
    .where(and(eq(codes.clientId, scope.clientId), eq(codes.pairId, code.pairId), eq(codes.level, 6)));
  return overt && { qrId: overt.qrId, serial: overt.serial, effective: overt.serial ?? overt.qrId };
}

/** The serial of the n-th unit (from 0) of a numbering. */
export function numberedSerial(input: { prefix: string; start: number; width: number }, n: number): string {
  return input.prefix + String(input.start + n).padStart(input.width, '0');
}

/**
 * Gives every unit of a batch its serial at once (docs/gs1.md), in the printed order (created,
 * then unit: the CSV's and the PDF's): `numbered` from `start` with the prefix and zero-padded
 * width, or `qrId` (cleared: each unit's serial is its code's qrId). Checked before anything is
 * written: GS1's set and 20 characters (422 naming prefix, width or start), and no unit of the
 * product's other batches may have one of the new serials (409 naming start). One audit entry
 * (`batch.serials`) with the serials before and after.
 */
export async function setBatchSerials(scope: ConsoleScope, batchId: string, input: BatchSerialsInput): Promise<BatchSerials> {
  if (input.scheme === 'numbered') {
    if (input.prefix !== '' && !isGs1Text(input.prefix)) throw fieldError('unprocessable', 'prefix', GS1_TEXT_PROBLEM);
    if (input.prefix.length + input.width > 20) throw fieldError('unprocessable', 'width', `with the prefix, serials would be ${input.prefix.length + input.width} characters; GS1 allows 20`);
  }
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const [batch] = await tx.select().from(batches).where(and(eq(batches.clientId, scope.clientId), eq(batches.id, batchId))).for('update');
      if (!batch) throw notFound('Batch');
      const unitsOf = and(eq(codes.clientId, scope.clientId), eq(codes.batchId, batch.id), eq(codes.level, 6), sql`${codes.pairId} is not null`);
      const units = await tx
        .select({ id: codes.id, qrId: codes.qrId, serial: codes.serial })
        .from(codes)
        .where(unitsOf)
        .orderBy(asc(codes.createdAt), asc(codes.pairId))
        .for('update');
      if (!units.length) throw fieldError('unprocessable', 'scheme', `batch ${batch.batchNumber} has no units to number`);
      const effective = (u: { qrId: string; serial: string | null }) => u.serial ?? u.qrId;
      const before = { first: effective(units[0]!), last: effective(units.at(-1)!), ownSerials: units.filter((u) => u.serial !== null).length };

      // Cleared first, so that a serial moving from one unit of the batch to another never meets itself.
      await tx.update(codes).set({ serial: null }).where(unitsOf);
      let after: Record<string, unknown>;
      let first: string;
      let last: string;
      if (input.scheme === 'numbered') {
        const numbering = { prefix: input.prefix, start: input.start, width: input.width };
        const top = input.start + units.length - 1;
        if (String(top).length > input.width) {
          throw fieldError('unprocessable', 'start', `the last of the ${units.length} units would be number ${top}, more than ${input.width} digits: give more digits or start lower`);
        }
        first = numberedSerial(numbering, 0);
        last = numberedSerial(numbering, units.length - 1);
        // A unit of the product's other batches whose serial is one of the new ones.
        const k = input.prefix.length;
        const s = sql`coalesce(${codes.serial}, ${codes.qrId})`;
        const [clash] = await tx
          .select({ serial: sql<string>`${s}`, batch: batches.batchNumber })
          .from(codes)
          .innerJoin(batches, and(eq(batches.id, codes.batchId), eq(batches.clientId, scope.clientId)))
          .where(
            and(
              eq(codes.clientId, scope.clientId),
              eq(codes.productId, batch.productId),
              eq(codes.level, 6),
              sql`${codes.pairId} is not null`,
              ne(codes.batchId, batch.id),
              sql`left(${s}, ${k}) = ${input.prefix} and length(${s}) = ${k + input.width}`,
              sql`(case when substr(${s}, ${k + 1}) ~ '^[0-9]+$' then substr(${s}, ${k + 1})::numeric end) between ${input.start} and ${top}`,
            ),
          )
          .limit(1);
        if (clash) throw fieldError('conflict', 'start', `${clash.serial} is already the serial of a unit of batch ${clash.batch} of this product`);
        await tx.execute(sql`
          update ${codes} set serial = ${input.prefix} || lpad((${input.start}::bigint + o.n - 1)::text, ${input.width}::int, '0')
          from (select id, row_number() over (order by created_at, pair_id) as n from ${codes}
                where client_id = ${scope.clientId} and batch_id = ${batch.id} and level = 6 and pair_id is not null) o
          where ${codes.id} = o.id and ${codes.clientId} = ${scope.clientId}`);
        after = { scheme: 'numbered', prefix: input.prefix, start: input.start, width: input.width, first, last };
      } else {
        first = units[0]!.qrId;
        last = units.at(-1)!.qrId;
        after = { scheme: 'qrId', first, last };
      }
      await recordAudit(tx, scope, { action: 'batch.serials', target: batch.id, before: { units: units.length, ...before }, after: { units: units.length, ...after } });
      return { batchId: batch.id, batchNumber: batch.batchNumber, scheme: input.scheme, units: units.length, first, last };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError('conflict', input.scheme === 'numbered' ? 'start' : 'scheme', 'a unit of another batch of this product already has one of these serials');
    throw err;
  }
}

/** A batch's units and their serials now, for its page: how many, the first and last (printed order), how many have their own. */
export async function batchSerialsSummary(scope: ConsoleScope, batchId: string): Promise<{ units: number; first: string; last: string; ownSerials: number }> {
  const db = await getDb();
  const units = await db
    .select({ qrId: codes.qrId, serial: codes.serial })
    .from(codes)
    .where(and(eq(codes.clientId, scope.clientId), eq(codes.batchId, batchId), eq(codes.level, 6), sql`${codes.pairId} is not null`))
    .orderBy(asc(codes.createdAt), asc(codes.pairId));
  const effective = (u: { qrId: string; serial: string | null } | undefined) => (u ? (u.serial ?? u.qrId) : '');
  return { units: units.length, first: effective(units[0]), last: effective(units.at(-1)), ownSerials: units.filter((u) => u.serial !== null).length };
}
