import 'server-only';
import type { KeyObject } from 'node:crypto';
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { batches, claims, codes, products, scans } from '@/lib/db/schema';
import { formatAuthCode } from '@/lib/domain/auth-code';
import { generateCodesNow, newAuthCode, newQrId } from '@/lib/console/code-runs';
import { cliScope } from '@/lib/console/scope';
import { ensureGs1SigningKey, signGs1Key } from '@/lib/console/gs1-signature';
import { originOf, verifyUrlOf } from '@/lib/domain/qr-id';
import { digitalLinkUri, humanReadableLine, type DigitalLinkKey } from '@/lib/domain/gs1';
import type { CodeLevel } from '@/lib/domain/verdict';
import { findClientDomains } from '@/lib/brands/find-client';
import { brandConfigOf } from '@/lib/brands/brand-config';
import { env } from '@/lib/edge/env';
import { deleteCodeOf, recordTrackingEventOf, setCodeBlacklisted } from '@/lib/console/codes';
import { brandScope, requireBrand } from './brands';
import { requireBatch, requireCode, slugArg, textArg } from './catalog';

// Codes for the operator command line: generate (units as overt+covert pairs with an auth code,
// or batch-level codes; optional cases and pallets), list, blacklist, delete, tracking events,
// and a code's scans.

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

/** Where a brand's printed links point: its first domain, preferring a name to an address. */
export async function brandOrigin(clientId: string): Promise<string> {
  const domains = await findClientDomains(clientId);
  const domain = domains.find((d) => !/^[\d.]+$/.test(d)) ?? domains[0];
  if (!domain) throw new Error('The brand has no domain');
  return originOf(domain, env().PORT);
}

export const LEVEL_NAMES: Record<CodeLevel, string> = { 6: 'overt', 7: 'covert', 8: 'case', 9: 'pallet' };

export const listCodesArgs = z
  .object({ slug: slugArg, batch: textArg(64).optional(), limit: z.coerce.number().int().min(1).max(10_000).default(200) })
  .strict();

/**
 * Codes with their state and printed link, e.g. to find the demo brand's seeded codes. The link
 * of an overt code follows the brand's `verification.printedOvertRoute` (the anonymous info page
 * unless the brand chose the signed-in overt page); the exports and the demo codes file use it.
 */
export async function listCodes(args: z.output<typeof listCodesArgs>, only: { levels?: readonly number[]; live?: boolean } = {}) {
  const brand = await requireBrand(args.slug);
  const batch = args.batch ? await requireBatch(brand.id, args.batch) : undefined;
  const db = await getDb();
  const parent = alias(codes, 'parent');
  const rows = await db
    .select({ code: codes, batch: batches, gtin: products.gtin, claimedAt: claims.claimedAt, parentQrId: parent.qrId })
    .from(codes)
    .innerJoin(batches, and(eq(batches.id, codes.batchId), eq(batches.clientId, brand.id)))
    .innerJoin(products, and(eq(products.id, codes.productId), eq(products.clientId, brand.id)))
    .leftJoin(claims, and(eq(claims.unitId, codes.pairId), eq(claims.clientId, brand.id)))
    .leftJoin(parent, and(eq(parent.id, codes.parentCodeId), eq(parent.clientId, brand.id)))
    .where(
      and(
        eq(codes.clientId, brand.id),
        batch ? eq(codes.batchId, batch.id) : undefined,
        only.levels ? inArray(codes.level, [...only.levels]) : undefined,
        only.live ? ne(codes.status, 'DELETED') : undefined,
      ),
    )
    .orderBy(asc(codes.createdAt), asc(codes.pairId), asc(codes.level))
    .limit(args.limit);
  const origin = await brandOrigin(brand.id);
  const config = brandConfigOf(brand);
  // A brand signing its GS1 URIs (gs1.signUris) prints each unit's with its signature (AI 8030).
  const signer = config.gs1.enabled && config.gs1.signUris ? (await ensureGs1SigningKey(brand.id)).privateKey() : undefined;
  const overtRoute = config.verification.printedOvertRoute;
  const today = new Date().toISOString().slice(0, 10);
  return rows.map(({ code, batch: b, gtin, claimedAt, parentQrId }) => {
    const level = code.level as CodeLevel;
    const state =
      code.status === 'DELETED' ? 'deleted'
      : code.listStatus === 'Blacklisted' ? 'blacklisted'
      : code.isBatchLevel ? 'batch-level'
      : level >= 8 ? LEVEL_NAMES[level]
      : b.expiryDate && b.expiryDate < today ? 'expired'
      : claimedAt ? 'claimed'
      : 'unclaimed';
    return {
      qrId: code.qrId,
      level,
      kind: LEVEL_NAMES[level],
      state,
      batch: b.batchNumber,
      unit: code.pairId ?? '',
      authCode: code.authCode ? formatAuthCode(code.authCode) : '',
      parentQrId: parentQrId ?? '',
      url: verifyUrlOf(origin, { qrId: code.qrId, level, isBatchLevel: code.isBatchLevel }, overtRoute),
      ...gs1LinkOf(config.gs1.enabled, origin, gtin, b, code, signer),
    };
  });
}

/**
 * A unit's GS1 Digital Link URI and its human-readable line (docs/gs1.md), on its visible
 * (overt) code, when the brand has GS1 on and the product a GTIN: the lot is the batch's (or its
 * number), the serial the unit's (or the code's qrId); signed (`?8030=`) when the brand signs its
 * URIs. Empty for every other code.
 */
function gs1LinkOf(
  enabled: boolean,
  origin: string,
  gtin: string | null,
  batch: { lot: string | null; batchNumber: string },
  code: { level: number; pairId: string | null; serial: string | null; qrId: string },
  signer: KeyObject | undefined,
): { gs1Url: string; gs1Line: string } {
  if (!enabled || !gtin || code.level !== 6 || !code.pairId) return { gs1Url: '', gs1Line: '' };
  const key: DigitalLinkKey = { gtin, lot: batch.lot ?? batch.batchNumber, serial: code.serial ?? code.qrId };
  return { gs1Url: digitalLinkUri(origin, key, signer && signGs1Key(signer, key)), gs1Line: humanReadableLine(key) };
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
