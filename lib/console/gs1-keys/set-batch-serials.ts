import 'server-only';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { batches, codes } from '@/lib/db/schema';
import { fieldError, notFound } from '@/lib/errors';
import { GS1_TEXT_PROBLEM, isGs1Text } from '@/lib/domain/gs1';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import type { BatchSerials, BatchSerialsInput } from '@/lib/schemas/console-catalogue';
import { numberedSerial } from './numbered-serial';
import { isUniqueViolation } from './shared';

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
