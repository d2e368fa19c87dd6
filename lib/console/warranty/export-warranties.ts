import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { batches, codes, customers, products, warranties } from '@/lib/db/schema';
import { roleMay } from '@/lib/domain/staff-roles';
import { ApiError } from '@/lib/errors';
import { CSV_MAX_ROWS, sortOf } from '@/lib/schemas/console-list';
import type { WarrantyExportQuery } from '@/lib/schemas/console-warranty';
import { recordAudit } from '../audit';
import { afterKey, exportFileName, keysetPages, keyText, orderOf } from '../list-kit';
import type { ConsoleScope } from '../scope';
import { customerNameCols } from '../customer-name';
import { todayIso, filters, WARRANTY_SORT_COLUMNS, rowOf } from './shared';

/** The batch number of a registration's unit (its codes' batch), for the export. */
const batchOfUnit = (clientId: string) =>
  sql<string | null>`(select ${batches.batchNumber} from ${codes} join ${batches} on ${batches.id} = ${codes.batchId} and ${batches.clientId} = ${clientId}
    where ${codes.clientId} = ${clientId} and ${codes.pairId} = ${warranties.unitId} limit 1)`;

/** Whether the acting scope may download the registrations: the file names customers, so the roles that act on them (owner, support) and the command line. */
export const mayDownloadWarranties = (scope: ConsoleScope): boolean => scope.actor.kind === 'cli' || roleMay(scope.actor.role, 'warranty', 'write');

export const WARRANTY_EXPORT_HEADER = ['Registration', 'Registered', 'Status', 'Customer', 'Product', 'Batch', 'Unit', 'Purchased', 'Covered from', 'Covered until'] as const;

/**
 * Every registration the list's filters match, in its sort, as CSV rows a keyset page at a time
 * (the table kit). Audited as warranty.export; refused (403) to the roles that read registrations
 * but do not act on them (manager, analyst): they read the list a page at a time.
 */
export async function exportWarranties(scope: ConsoleScope, query: WarrantyExportQuery, now: Date = new Date()): Promise<{ fileName: string; rows: AsyncIterable<string[][]> }> {
  if (!mayDownloadWarranties(scope)) throw new ApiError('forbidden', 'Your role may not download warranty registrations: the file names customers, so only the roles that act on them (owner, support) may.');
  const db = await getDb();
  const today = todayIso(now);
  const where = filters(scope, query, today);
  const { column, dir } = sortOf(query.sort);
  const col = WARRANTY_SORT_COLUMNS[column];
  await recordAudit(db, scope, { action: 'warranty.export', target: 'warranty registrations', after: { ...query } });
  const pages = keysetPages(
    async (after, limit) => {
      const rows = await db
        .select({ w: warranties, productName: products.name, customer: customerNameCols, batch: batchOfUnit(scope.clientId), key: keyText(col) })
        .from(warranties)
        .innerJoin(products, and(eq(products.id, warranties.productId), eq(products.clientId, scope.clientId)))
        .leftJoin(customers, and(eq(customers.id, warranties.customerId), eq(customers.clientId, scope.clientId)))
        .where(and(...where, ...(after ? [afterKey(col, warranties.id, dir, after)!] : [])))
        .orderBy(orderOf(col, warranties.id, dir))
        .limit(limit);
      return rows.map((r) => ({ row: r, key: { value: r.key, id: r.w.id } }));
    },
    { max: CSV_MAX_ROWS },
  );
  async function* out() {
    for await (const page of pages) {
      yield page.map((r) => {
        const w = rowOf(r.w, r.productName, r.customer, today);
        return [w.warrantyId, w.registeredAt, w.status, w.customerName, w.productName, r.batch ?? '', w.unitId, w.purchaseDate, w.startsOn, w.endsOn];
      });
    }
  }
  return { fileName: exportFileName(scope.slug, 'warranty'), rows: out() };
}
