import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { batches, codes, products, trackingEvents } from '@/lib/db/schema';
import type { CodeLevel } from '@/lib/domain/verdict';
import { notFound } from '@/lib/errors';
import { shapeBatch, shapeProduct } from './shape';

// GET /api/tracking/{qrId} — the journey of a code: events recorded on it, on its unit's other
// code, on its case and on the case's pallet, oldest first. Unknown, deleted or another
// brand's code: 404.

const MAX_DEPTH = 3; // unit → case → pallet

export async function getTracking(clientId: string, qrId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ code: codes, product: products, batch: batches })
    .from(codes)
    .innerJoin(products, and(eq(products.id, codes.productId), eq(products.clientId, clientId)))
    .innerJoin(batches, and(eq(batches.id, codes.batchId), eq(batches.clientId, clientId)))
    .where(and(eq(codes.clientId, clientId), eq(codes.qrId, qrId), eq(codes.status, 'ACTIVE')))
    .limit(1);
  if (!row) throw notFound('Code');
  const levels = new Map<string, CodeLevel>([[row.code.id, row.code.level as CodeLevel]]);
  if (row.code.pairId) {
    const pair = await db
      .select({ id: codes.id, level: codes.level })
      .from(codes)
      .where(and(eq(codes.clientId, clientId), eq(codes.pairId, row.code.pairId)));
    for (const p of pair) levels.set(p.id, p.level as CodeLevel);
  }
  let parentId = row.code.parentCodeId;
  for (let depth = 0; parentId && depth < MAX_DEPTH; depth++) {
    const [parent] = await db
      .select({ id: codes.id, level: codes.level, parentCodeId: codes.parentCodeId })
      .from(codes)
      .where(and(eq(codes.clientId, clientId), eq(codes.id, parentId)));
    if (!parent || levels.has(parent.id)) break;
    levels.set(parent.id, parent.level as CodeLevel);
    parentId = parent.parentCodeId;
  }
  const events = await db
    .select()
    .from(trackingEvents)
    .where(and(eq(trackingEvents.clientId, clientId), inArray(trackingEvents.codeId, [...levels.keys()])))
    .orderBy(asc(trackingEvents.at));
  return {
    code: { qrId: row.code.qrId, level: row.code.level as CodeLevel },
    product: shapeProduct(row.product),
    batch: shapeBatch(row.batch),
    events: events.map((e) => ({ stage: e.stage, place: e.place, at: e.at.toISOString(), level: levels.get(e.codeId)! })),
  };
}
