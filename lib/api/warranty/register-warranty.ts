import 'server-only';
import { getDb } from '@/lib/db/client';
import { warranties } from '@/lib/db/schema';
import { warrantyPeriod } from '@/lib/domain/warranty';
import { randomId } from '@/lib/ids';
import { registerWarrantyFieldsSchema, type Warranty } from '@/lib/schemas/warranty';
import { ApiError, fieldError, notFound } from '@/lib/errors';
import { isUniqueViolation, todayIso } from '../aftersales/db';
import { findMyUnit } from '../aftersales/find-my-unit';
import { storeFile } from '../aftersales/store-file';
import type { UploadForm } from '../aftersales/read-upload-form';
import { findWarranties } from './shape-warranty';
import { enqueueCustomerMessage } from '@/lib/messaging/queue';

// POST /api/customer/warranties — registers the warranty of a unit the customer has claimed:
// purchase date and invoice (image or PDF). The period runs from the purchase date for the
// product's warranty months. One warranty per unit (unique index); the invoice and the
// warranty are written in one transaction, so a refusal stores nothing.
export async function registerWarranty(clientId: string, customerId: string, form: UploadForm): Promise<Warranty> {
  const fields = registerWarrantyFieldsSchema.parse(form.fields);
  const invoices = form.files.filter((f) => f.field === 'invoice');
  if (invoices.length === 0) throw fieldError('unprocessable', 'invoice', 'attach the purchase invoice (image or PDF)');
  const [invoice] = invoices;
  const today = todayIso();
  if (fields.purchaseDate > today) throw fieldError('unprocessable', 'purchaseDate', 'must not be in the future');
  const db = await getDb();
  const unit = await findMyUnit(db, clientId, customerId, fields.unitId);
  if (unit.product.warrantyMonths < 1) throw fieldError('unprocessable', 'unitId', 'this product has no warranty');
  if (unit.batch.mfgDate && fields.purchaseDate < unit.batch.mfgDate) {
    throw fieldError('unprocessable', 'purchaseDate', `must not be before the manufacturing date (${unit.batch.mfgDate})`);
  }
  const { startsOn, endsOn } = warrantyPeriod(fields.purchaseDate, unit.product.warrantyMonths);
  try {
    await db.transaction(async (tx) => {
      const file = await storeFile(tx, clientId, customerId, invoice!);
      const warrantyId = randomId('wr', 16);
      await tx.insert(warranties).values({
        id: warrantyId,
        clientId,
        customerId,
        unitId: unit.unitId,
        productId: unit.product.id,
        purchaseDate: fields.purchaseDate,
        invoiceFileId: file.id,
        startsOn,
        endsOn,
      });
      await enqueueCustomerMessage(tx, { clientId, customerId, kind: 'warranty-registered', eventKey: warrantyId, params: { product: unit.product.name, endsOn } });
    });
  } catch (err) {
    if (isUniqueViolation(err, 'warranties_unit_uq')) throw new ApiError('conflict', 'The warranty of this product is already registered');
    throw err;
  }
  const [w] = await findWarranties(db, clientId, customerId, unit.unitId);
  if (!w) throw notFound('Warranty');
  return w;
}
