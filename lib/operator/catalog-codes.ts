import 'server-only';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { codes, scans } from '@/lib/db/schema';
import { generateCodesNow, newAuthCode, newQrId } from '@/lib/console/code-runs';
import { cliScope } from '@/lib/console/scope';
import { deleteCodeOf, listPrintedCodes, recordTrackingEventOf, setCodeBlacklisted } from '@/lib/console/codes';
import { brandScope, requireBrand } from './brands';
import { requireBatch, requireCode, slugArg, textArg } from './catalog';

// Codes for the operator command line: generate (units as overt+covert pairs with an auth code,
// or batch-level codes; optional cases and pallets), list, blacklist, delete, tracking events,
// and a code's scans. Each parses its arguments and calls the console's use case (lib/console),
// acting as the command line; list-scans alone reads for itself (the console shows a unit's scans
// only as the code's timeline, oldest first: code-timeline).

export { newQrId, newAuthCode };

export const generateCodesArgs = z
  .object({
    slug: slugArg,
    batch: textArg(64),
    count: z.coerce.number().int().min(1, 'must be at least 1').max(10_000, 'must be at most 10000 per run'),
    batchLevel: z.boolean().default(false),
    caseSize: z.coerce.number().int().min(1).max(1000).optional(),
    palletSize: z.coerce.number().int().min(1).max(1000).optional(),
  })
  .strict()
  .refine((a) => !a.palletSize || a.caseSize, { message: 'needs caseSize (pallets hold cases)', path: ['palletSize'] })
  .refine((a) => !a.batchLevel || !a.caseSize, { message: 'batch-level codes are not packed in cases', path: ['caseSize'] });

export async function generateCodes(args: z.output<typeof generateCodesArgs>) {
  const brand = await requireBrand(args.slug);
  const batch = await requireBatch(brand.id, args.batch);
  return generateCodesNow(cliScope(brand.id, brand.slug), batch, {
    count: args.count,
    batchLevel: args.batchLevel,
    ...(args.caseSize ? { caseSize: args.caseSize } : {}),
    ...(args.palletSize ? { palletSize: args.palletSize } : {}),
  });
}

export const listCodesArgs = z
  .object({ slug: slugArg, batch: textArg(64).optional(), limit: z.coerce.number().int().min(1).max(10_000).default(200) })
  .strict();

/**
 * Codes with their state and printed link, e.g. to find the demo brand's seeded codes: the
 * console's listPrintedCodes (the exports' rows), acting as the command line.
 */
export async function listCodes(args: z.output<typeof listCodesArgs>, only: { levels?: readonly number[]; live?: boolean } = {}) {
  return listPrintedCodes(await brandScope(args.slug), { batch: args.batch, limit: args.limit }, only);
}

const codeArgs = z.object({ slug: slugArg, qrId: textArg(64) });

export const blacklistCodeArgs = codeArgs.extend({ undo: z.boolean().default(false) }).strict();
/** Blacklists a code (scans answer Fake); --undo true whitelists it again. The console's use case, acting as the command line (audited). */
export async function blacklistCode(args: z.output<typeof blacklistCodeArgs>) {
  const brand = await requireBrand(args.slug);
  const done = await setCodeBlacklisted(cliScope(brand.id, brand.slug), { qrId: args.qrId, blacklisted: !args.undo });
  return { qrId: done.qrId, listStatus: args.undo ? 'Whitelisted' : 'Blacklisted' };
}

export const deleteCodeArgs = codeArgs.strict();
/** Marks a code DELETED (scans answer Invalid Product); its scans and claims stay for the record. The console's use case (audited). */
export async function deleteCode(args: z.output<typeof deleteCodeArgs>) {
  const brand = await requireBrand(args.slug);
  const done = await deleteCodeOf(cliScope(brand.id, brand.slug), { qrId: args.qrId });
  return { qrId: done.qrId, status: 'DELETED' };
}

export const recordTrackingEventArgs = codeArgs
  .extend({ stage: textArg(80), place: textArg(200), at: z.iso.datetime({ offset: true, message: 'must be a date-time like 2025-06-01T10:00:00Z' }).optional() })
  .strict();
export async function recordTrackingEvent(args: z.output<typeof recordTrackingEventArgs>) {
  const { slug, qrId, ...body } = args;
  return recordTrackingEventOf(await brandScope(slug), qrId, body);
}

export const listScansArgs = codeArgs.extend({ limit: z.coerce.number().int().min(1).max(1000).default(50) }).strict();
/** Scans of the code's unit (both codes of a pair), newest first. */
export async function listScans(args: z.output<typeof listScansArgs>) {
  const brand = await requireBrand(args.slug);
  const code = await requireCode(brand.id, args.qrId);
  const db = await getDb();
  const unitCodes = code.pairId
    ? (await db.select({ id: codes.id }).from(codes).where(and(eq(codes.clientId, brand.id), eq(codes.pairId, code.pairId)))).map((r) => r.id)
    : [code.id];
  const rows = await db
    .select()
    .from(scans)
    .where(and(eq(scans.clientId, brand.id), inArray(scans.codeId, unitCodes)))
    .orderBy(desc(scans.at))
    .limit(args.limit);
  return rows.map((s) => ({
    at: s.at.toISOString(),
    qrId: s.qrIdRaw,
    kind: s.kind,
    layer: s.layer,
    result: s.result,
    customerId: s.customerId ?? '',
    lat: s.lat ?? '',
    lng: s.lng ?? '',
  }));
}
