import 'server-only';
import type { KeyObject } from 'node:crypto';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { getDb } from '@/lib/db/client';
import { batches, claims, clients, codes, products } from '@/lib/db/schema';
import { formatAuthCode } from '@/lib/domain/auth-code';
import { originOf, verifyUrlOf } from '@/lib/domain/qr-id';
import { digitalLinkUri, humanReadableLine, type DigitalLinkKey } from '@/lib/domain/gs1';
import type { CodeLevel } from '@/lib/domain/verdict';
import { findClientDomains } from '@/lib/brands/find-client';
import { brandConfigOf } from '@/lib/brands/brand-config';
import { env } from '@/lib/edge/env';
import { notFound } from '@/lib/errors';
import { ensureGs1SigningKey, signGs1Key } from '../gs1-signature';
import { requireBatchByNumber } from '../catalogue/require-batch-by-number';
import type { ConsoleScope } from '../scope';

/** Where a brand's printed links point: its first domain, preferring a name to an address. */
export async function brandOrigin(clientId: string): Promise<string> {
  const domains = await findClientDomains(clientId);
  const domain = domains.find((d) => !/^[\d.]+$/.test(d)) ?? domains[0];
  if (!domain) throw new Error('The brand has no domain');
  return originOf(domain, env().PORT);
}

export const LEVEL_NAMES: Record<CodeLevel, string> = { 6: 'overt', 7: 'covert', 8: 'case', 9: 'pallet' };

/**
 * Codes with their state and printed link (the command line's list-codes, the exports' rows, the
 * demo codes file). The link of an overt code follows the brand's `verification.printedOvertRoute`
 * (the anonymous info page unless the brand chose the signed-in overt page); `batch` is a batch
 * number (case-insensitive).
 */
export async function listPrintedCodes(scope: ConsoleScope, args: { batch?: string; limit: number }, only: { levels?: readonly number[]; live?: boolean } = {}) {
  const db = await getDb();
  const [brand] = await db.select().from(clients).where(eq(clients.id, scope.clientId));
  if (!brand) throw notFound('Brand');
  const batch = args.batch ? await requireBatchByNumber(brand.id, args.batch) : undefined;
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
