import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { claimDisputes, claims, codes, scans } from '@/lib/db/schema';
import { isWellFormedQrId } from '@/lib/domain/qr-id';
import { ApiError, fieldError } from '@/lib/errors';
import { randomId } from '@/lib/ids';
import { disputeFieldsSchema } from '@/lib/schemas/disputes';
import type { UploadForm } from '../aftersales/read-upload-form';
import { storeFile } from '../aftersales/store-file';

// POST /api/disputes — a customer whose post-sale check of a hidden code answered Product
// Cliamed disputes that claim with a photo of the pack (docs/verification.md "Disputed claims").
// Refused, with the reason: a code that is not one of the brand's hidden unit codes, a unit nobody
// claimed or that is the customer's own, no post-sale check of it by this customer that answered
// Product Cliamed, a dispute of theirs already open on the unit. The claimant is kept on the row
// as it was, for the brand; the customer is never told who it is.

export const ALREADY_OPEN = 'You already have an open dispute about this product. The brand will answer it.';

export async function openDispute(clientId: string, customerId: string, form: UploadForm) {
  const fields = disputeFieldsSchema.parse(form.fields);
  const photo = form.files.find((f) => f.field === 'photo');
  if (!photo) throw fieldError('unprocessable', 'photo', 'a photo of the pack is required');
  if (!isWellFormedQrId(fields.qrId)) throw fieldError('unprocessable', 'qrId', 'this is not a QR code of this brand');
  const db = await getDb();
  const [code] = await db
    .select({ id: codes.id, level: codes.level, unitId: codes.pairId, status: codes.status })
    .from(codes)
    .where(and(eq(codes.clientId, clientId), eq(codes.qrId, fields.qrId)));
  if (!code || code.status !== 'ACTIVE') throw new ApiError('not_found', 'qrId: no code of this brand has this id', undefined, 'qrId');
  if (code.level !== 7 || !code.unitId) throw fieldError('unprocessable', 'qrId', 'a claim is disputed with the hidden code of the pack (under the scratch-off or inside the pack)');
  const unitId = code.unitId;
  const [claim] = await db.select().from(claims).where(and(eq(claims.clientId, clientId), eq(claims.unitId, unitId)));
  if (!claim) throw new ApiError('conflict', 'Nobody has claimed this product: check its hidden code to claim it.', undefined, 'qrId');
  if (claim.customerId === customerId) throw new ApiError('conflict', 'This product is already yours: there is nothing to dispute.', undefined, 'qrId');
  const [checked] = await db
    .select({ id: scans.id })
    .from(scans)
    .where(and(eq(scans.clientId, clientId), eq(scans.codeId, code.id), eq(scans.customerId, customerId), eq(scans.kind, 'post sale'), eq(scans.result, 'Product Cliamed')))
    .limit(1);
  if (!checked) throw new ApiError('conflict', 'Check the hidden code of your pack first: a claim is disputed from that check.', undefined, 'qrId');

  const id = randomId('dp', 16);
  const createdAt = new Date();
  const opened = await db.transaction(async (tx) => {
    const file = await storeFile(tx, clientId, customerId, photo);
    return tx
      .insert(claimDisputes)
      .values({
        id,
        clientId,
        customerId,
        unitId,
        codeId: code.id,
        claimantCustomerId: claim.customerId,
        claimedAt: claim.claimedAt,
        purchase: fields.purchase ?? '',
        photoFileId: file.id,
        createdAt,
      })
      .onConflictDoNothing()
      .returning({ id: claimDisputes.id });
  });
  // The partial unique index: one open dispute per customer and unit, even when two are sent at once.
  if (opened.length === 0) throw new ApiError('conflict', ALREADY_OPEN, undefined, 'qrId');
  return { disputeId: id, status: 'open' as const, createdAt: createdAt.toISOString() };
}
