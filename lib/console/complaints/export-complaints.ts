import 'server-only';
import { getDb } from '@/lib/db/client';
import { complaints } from '@/lib/db/schema';
import { roleMay } from '@/lib/domain/staff-roles';
import type { ComplaintExportQuery } from '@/lib/schemas/console-complaints';
import { recordAudit } from '../audit';
import { afterKey, exportFileName, keysetPages, orderOf } from '../list-kit';
import { CSV_MAX_ROWS, sortOf } from '@/lib/schemas/console-list';
import type { ConsoleScope } from '../scope';
import { customerName } from '../customer-name';
import { brandOf, complaintWhere, targetHoursSql, COMPLAINT_SORT_COLUMNS, selectComplaints, rowOf } from './shared';

export const COMPLAINT_EXPORT_HEADER = ['Ticket', 'Raised', 'Last changed', 'Status', 'Priority', 'Category', 'Customer', 'Product', 'Assigned to', 'Hours old', 'Target hours', 'Overdue'] as const;

/**
 * Whether the complaints' file names the customers: only for the roles that change complaints
 * (owner, support), who answer those customers. The manager and the analyst, who read the inbox a
 * page at a time, get the same file without the Customer column (docs/console.md, "Lists": a file
 * names customers in bulk only for the roles that act on them).
 */
export const mayExportComplainants = (scope: ConsoleScope): boolean => scope.actor.kind === 'cli' || roleMay(scope.actor.role, 'complaints', 'write');

/** The file's columns for the role (the Customer column only for those who change complaints). */
export const complaintExportHeader = (scope: ConsoleScope): string[] => COMPLAINT_EXPORT_HEADER.filter((h) => h !== 'Customer' || mayExportComplainants(scope));

/**
 * Every complaint the inbox's filters match, in its order, as CSV rows a keyset page at a time
 * (one page in memory at most), the customers named for the roles that change complaints only.
 * Audited as complaints.export with the filters and whether the file named customers.
 */
export async function exportComplaints(scope: ConsoleScope, query: ComplaintExportQuery, now: Date = new Date()): Promise<{ fileName: string; header: string[]; rows: AsyncIterable<string[][]> }> {
  const names = mayExportComplainants(scope);
  const db = await getDb();
  const { config } = await brandOf(db, scope.clientId);
  const { priorities, targetHours } = config.complaintConfig;
  const where = complaintWhere(scope, query, targetHoursSql(priorities, targetHours), now.toISOString());
  const { column, dir } = sortOf(query.sort);
  const col = COMPLAINT_SORT_COLUMNS[column];
  await recordAudit(db, scope, { action: 'complaints.export', target: 'complaints', after: { ...query, customerNames: names } });
  const pages = keysetPages(
    async (after, limit) => {
      const rows = await selectComplaints(db, scope, [...where, ...(after ? [afterKey(col, complaints.id, dir, after)!] : [])], col)
        .orderBy(orderOf(col, complaints.id, dir))
        .limit(limit);
      return rows.map((r) => ({ row: r, key: { value: r.key, id: r.c.id } }));
    },
    { max: CSV_MAX_ROWS },
  );
  async function* out() {
    for await (const page of pages) {
      yield page.map((r) => {
        const c = rowOf(r.c, r.productName, customerName(r.customer), targetHours, now);
        return [c.ticketId, c.createdAt, c.updatedAt, c.status, c.priority, c.category, ...(names ? [c.customerName] : []), c.productName ?? '', c.assignee?.name ?? '', String(c.ageHours), String(c.targetHours), c.overdue ? 'yes' : 'no'];
      });
    }
  }
  return { fileName: exportFileName(scope.slug, 'complaints', now), header: complaintExportHeader(scope), rows: out() };
}
