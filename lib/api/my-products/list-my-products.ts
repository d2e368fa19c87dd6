import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { warranties } from '@/lib/db/schema';
import { listMyUnits } from '../aftersales/find-my-unit';
import { todayIso } from '../aftersales/db';
import { shapeUnit } from './shape-unit';

// GET /api/customer/my-products — the customer's claimed units, newest first.
export async function listMyProducts(clientId: string, customerId: string) {
  const db = await getDb();
  const units = await listMyUnits(db, clientId, customerId);
  const ws = units.length
    ? await db
        .select({ unitId: warranties.unitId, endsOn: warranties.endsOn, status: warranties.status })
        .from(warranties)
        .where(and(eq(warranties.clientId, clientId), eq(warranties.customerId, customerId), inArray(warranties.unitId, units.map((u) => u.unitId))))
    : [];
  const byUnit = new Map(ws.map((w) => [w.unitId, w]));
  const today = todayIso();
  return { products: units.map((u) => shapeUnit(u, byUnit.get(u.unitId), today)) };
}
