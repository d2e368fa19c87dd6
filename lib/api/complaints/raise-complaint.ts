import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { complaints, products, ticketCounters } from '@/lib/db/schema';
import { ticketId as formatTicketId } from '@/lib/domain/complaints';
import { randomId } from '@/lib/ids';
import { raiseComplaintFieldsSchema } from '@/lib/schemas/complaints';
import { fieldError, notFound } from '@/lib/errors';
import { findMyUnit } from '../aftersales/find-my-unit';
import { storeFile } from '../aftersales/store-file';
import type { UploadForm } from '../aftersales/read-upload-form';
import { getComplaint } from './find-complaints';

// POST /api/customer/complaints — raises a ticket on a claimed unit or on a product of the
// brand: category, a priority from complaintConfig.priorities, description, 0-3 attachments
// (image, video, PDF by their bytes, already in the file store: read-upload-form.ts). The ticket number comes from a per-brand counter
// (TKT-000001, ...); ticket, counter and files are written in one transaction.

export async function raiseComplaint(clientId: string, customerId: string, priorities: readonly string[], form: UploadForm) {
  const fields = raiseComplaintFieldsSchema.parse(form.fields);
  if (!priorities.includes(fields.priority)) throw fieldError('unprocessable', 'priority', `must be one of: ${priorities.join(', ')}`);
  const checked = form.files.filter((f) => f.field === 'attachments');
  const db = await getDb();
  let productId: string | null = null;
  if (fields.unitId) {
    const unit = await findMyUnit(db, clientId, customerId, fields.unitId);
    if (fields.productId && fields.productId !== unit.product.id) throw fieldError('unprocessable', 'productId', 'is not the product of this unit');
    productId = unit.product.id;
  } else if (fields.productId) {
    const [p] = await db.select({ id: products.id }).from(products).where(and(eq(products.id, fields.productId), eq(products.clientId, clientId)));
    if (!p) throw notFound('Product');
    productId = p.id;
  }
  const ticket = await db.transaction(async (tx) => {
    const [counter] = await tx
      .insert(ticketCounters)
      .values({ clientId, lastNumber: 1 })
      .onConflictDoUpdate({ target: ticketCounters.clientId, set: { lastNumber: sql`${ticketCounters.lastNumber} + 1` } })
      .returning({ n: ticketCounters.lastNumber });
    const stored = [];
    for (const f of checked) stored.push(await storeFile(tx, clientId, customerId, f));
    const id = formatTicketId(counter!.n);
    await tx.insert(complaints).values({
      id: randomId('cp', 16),
      clientId,
      customerId,
      ticketId: id,
      unitId: fields.unitId ?? null,
      productId,
      category: fields.category,
      priority: fields.priority,
      description: fields.description,
      attachmentIds: stored.map((s) => s.id),
    });
    return id;
  });
  return getComplaint(db, clientId, customerId, ticket);
}
