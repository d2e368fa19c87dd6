import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { batches, codes, complaints, products } from '@/lib/db/schema';
import { SHARED_PAGE_SIZE, type SharedComplaints } from '@/lib/schemas/console-sharing';
import type { ConsoleScope } from '../scope';
import { shareFor } from './shared';

export async function sharedComplaints(scope: ConsoleScope, fromSlug: string, page = 1, now: Date = new Date()): Promise<SharedComplaints> {
  const db = await getDb();
  const { brandId, retailerId } = await shareFor(db, scope, fromSlug, 'complaints');
  // A complaint's unit is the pair id of its codes; its batch is theirs (a unit's codes share one).
  const batchOf = sql`(select ${codes.batchId} from ${codes} where ${codes.clientId} = ${brandId} and ${codes.pairId} = ${complaints.unitId} limit 1)`;
  const join = and(eq(batches.clientId, brandId), eq(batches.retailerClientId, retailerId), sql`${batches.id} = ${batchOf}`);
  const where = eq(complaints.clientId, brandId);
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(complaints).innerJoin(batches, join).where(where);
  const rows = await db
    .select({ ticketId: complaints.ticketId, status: complaints.status, priority: complaints.priority, createdAt: complaints.createdAt, batchNumber: batches.batchNumber, product: products.name })
    .from(complaints)
    .innerJoin(batches, join)
    .leftJoin(products, and(eq(products.id, batches.productId), eq(products.clientId, brandId)))
    .where(where)
    .orderBy(desc(complaints.createdAt), desc(complaints.id))
    .limit(SHARED_PAGE_SIZE)
    .offset((page - 1) * SHARED_PAGE_SIZE);
  return {
    page,
    pageSize: SHARED_PAGE_SIZE,
    total,
    complaints: rows.map((r) => ({
      ticketId: r.ticketId,
      product: r.product ?? '',
      batchNumber: r.batchNumber,
      status: r.status,
      priority: r.priority,
      createdAt: r.createdAt.toISOString(),
      ageDays: Math.max(0, Math.floor((now.getTime() - r.createdAt.getTime()) / 86_400_000)),
    })),
  };
}
