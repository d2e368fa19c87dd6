import 'server-only';
import { and, eq, ne, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { batches, codes, products } from '@/lib/db/schema';
import { fieldError, notFound } from '@/lib/errors';
import { GS1_TEXT_PROBLEM, isGs1Text, normalizeGtin } from '@/lib/domain/gs1';
import { recordAudit } from './audit';
import type { ConsoleScope } from './scope';

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
