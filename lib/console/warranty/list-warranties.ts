import 'server-only';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db/client';
import { customers, products, warranties } from '@/lib/db/schema';
import { sortOf } from '@/lib/schemas/console-list';
import type { ConsoleWarrantyList, WarrantyListQuery } from '@/lib/schemas/console-warranty';
import { keyText, orderOf, type SortColumn } from '../list-kit';
import { productChoices } from '../red-flags';
import type { ConsoleScope } from '../scope';
import { customerNameCols } from '../customer-name';
import { todayIso, filters, WARRANTY_SORT_COLUMNS, rowOf } from './shared';

function selectWarranties(db: Pick<Db, 'select'>, scope: ConsoleScope, where: SQL[], col: SortColumn) {
  return db
    .select({ w: warranties, productName: products.name, customer: customerNameCols, key: keyText(col) })
    .from(warranties)
    .innerJoin(products, and(eq(products.id, warranties.productId), eq(products.clientId, scope.clientId)))
    .leftJoin(customers, and(eq(customers.id, warranties.customerId), eq(customers.clientId, scope.clientId)))
    .where(and(...where))
    .$dynamic();
}

/** A page of registrations in the sort asked (newest first by default) and how many match. */
export async function listWarranties(scope: ConsoleScope, q: WarrantyListQuery, now: Date = new Date()): Promise<ConsoleWarrantyList> {
  const db = await getDb();
  const today = todayIso(now);
  const where = filters(scope, q, today);
  const { column, dir } = sortOf(q.sort ?? '-created');
  const col = WARRANTY_SORT_COLUMNS[column];
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(warranties)
    .leftJoin(customers, and(eq(customers.id, warranties.customerId), eq(customers.clientId, scope.clientId)))
    .where(and(...where));
  const rows = await selectWarranties(db, scope, where, col)
    .orderBy(orderOf(col, warranties.id, dir))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return {
    warranties: rows.map((r) => rowOf(r.w, r.productName, r.customer, today)),
    page: q.page,
    pageSize: q.pageSize,
    total: Number(total),
    products: await productChoices(scope),
  };
}
