import 'server-only';
import { eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { batches, codes, customers, products, warranties } from '@/lib/db/schema';
import { warrantyStatus } from '@/lib/domain/warranty';
import type { ConsoleWarrantyRow, WARRANTY_SORTS, WarrantyExportQuery } from '@/lib/schemas/console-warranty';
import { dayRange, type SortColumn } from '../list-kit';
import type { ConsoleScope } from '../scope';
import { customerName } from '../customer-name';

export const todayIso = (now: Date) => now.toISOString().slice(0, 10);

const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type WarrantyFilter = Omit<WarrantyExportQuery, 'sort'>;

export function filters(scope: ConsoleScope, q: WarrantyFilter, today: string): SQL[] {
  const where: SQL[] = [eq(warranties.clientId, scope.clientId)];
  if (q.status === 'VOID') where.push(eq(warranties.status, 'VOID'));
  else if (q.status === 'ACTIVE') where.push(eq(warranties.status, 'REGISTERED'), sql`${warranties.endsOn} >= ${today}::date`);
  else if (q.status === 'EXPIRED') where.push(eq(warranties.status, 'REGISTERED'), sql`${warranties.endsOn} < ${today}::date`);
  if (q.product) where.push(eq(warranties.productId, q.product));
  if (q.batch) {
    where.push(sql`${warranties.unitId} in (select ${codes.pairId} from ${codes} join ${batches} on ${batches.id} = ${codes.batchId} and ${batches.clientId} = ${scope.clientId}
      where ${codes.clientId} = ${scope.clientId} and ${codes.pairId} is not null and upper(${batches.batchNumber}) = upper(${q.batch}))`);
  }
  if (q.customer) {
    const like = likeText(q.customer);
    where.push(or(ilike(customers.userName, like), ilike(customers.companyName, like), ilike(customers.email, like), ilike(customers.mobile, like))!);
  }
  where.push(...dayRange(warranties.createdAt, q.from, q.to));
  return where;
}

export const WARRANTY_SORT_COLUMNS: Record<(typeof WARRANTY_SORTS)[number], SortColumn> = {
  created: { expr: warranties.createdAt, type: 'timestamptz' },
  purchased: { expr: warranties.purchaseDate, type: 'date' },
  ends: { expr: warranties.endsOn, type: 'date' },
  product: { expr: products.name, type: 'text' },
};

export function rowOf(w: typeof warranties.$inferSelect, productName: string, customer: Parameters<typeof customerName>[0], today: string): ConsoleWarrantyRow {
  return {
    warrantyId: w.id,
    status: warrantyStatus(w.endsOn, w.status, today),
    customerName: customerName(customer),
    productId: w.productId,
    productName,
    unitId: w.unitId,
    purchaseDate: w.purchaseDate,
    startsOn: w.startsOn,
    endsOn: w.endsOn,
    registeredAt: w.createdAt.toISOString(),
  };
}
