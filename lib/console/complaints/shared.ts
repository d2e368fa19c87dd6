import 'server-only';
import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db/db-or-tx';
import { batches, clients, codes, complaints, customers, products } from '@/lib/db/schema';
import { brandConfigOf } from '@/lib/brands/brand-config';
import { COMPLAINT_STATUS_COLORS, complaintTargetHours, isComplaintOverdue } from '@/lib/domain/complaints';
import { ApiError, fieldError, notFound } from '@/lib/errors';
import { COMPLAINT_SORTS, type ComplaintExportQuery, type ConsoleComplaintRow } from '@/lib/schemas/console-complaints';
import { dayRange, keyText, type SortColumn } from '../list-kit';
import type { ConsoleScope } from '../scope';
import { customerNameCols } from '../customer-name';

type ComplaintRow = typeof complaints.$inferSelect;

export async function brandOf(db: DbOrTx, clientId: string) {
  const [row] = await db.select().from(clients).where(eq(clients.id, clientId));
  if (!row) throw notFound('Brand');
  return { row, config: brandConfigOf(row) };
}

/** The hours a ticket's priority may wait, as SQL, so the overdue filter runs in the database. */
export function targetHoursSql(priorities: readonly string[], configured: Readonly<Record<string, number>>): SQL {
  const named = new Set([...priorities, ...Object.keys(configured)]);
  const branches = [...named].map((p) => sql`when ${complaints.priority} = ${p} then ${complaintTargetHours(p, configured)}::int`);
  // Priorities the brand no longer lists keep the defaults by their usual names.
  const byName = ['critical', 'urgent', 'high', 'medium', 'normal', 'low'].map((n) => sql`when lower(trim(${complaints.priority})) = ${n} then ${complaintTargetHours(n)}::int`);
  return sql`(case ${sql.join([...branches, ...byName], sql` `)} else ${complaintTargetHours('')}::int end)`;
}

function staffIdOf(scope: ConsoleScope): string {
  if (scope.actor.kind !== 'staff') throw fieldError('unprocessable', 'assignee', "'me' is only for a signed-in staff member");
  return scope.actor.staffId;
}

const AGE_HOURS = { '1d': 24, '7d': 24 * 7, '30d': 24 * 30 } as const;

export const COMPLAINT_SORT_COLUMNS: Record<(typeof COMPLAINT_SORTS)[number], SortColumn> = {
  created: { expr: complaints.createdAt, type: 'timestamptz' },
  updated: { expr: complaints.updatedAt, type: 'timestamptz' },
  status: { expr: complaints.status, type: 'text' },
  priority: { expr: complaints.priority, type: 'text' },
  ticket: { expr: complaints.ticketId, type: 'text' },
};

/** The inbox's filters as SQL on complaints (the brand's, always). */
export function complaintWhere(scope: ConsoleScope, query: ComplaintExportQuery, target: SQL, at: string): SQL[] {
  const where: SQL[] = [eq(complaints.clientId, scope.clientId)];
  if (query.status === 'notclosed') where.push(ne(complaints.status, 'closed'));
  else if (query.status !== 'all') where.push(eq(complaints.status, query.status));
  if (query.priority) where.push(eq(complaints.priority, query.priority));
  if (query.age === 'overdue') where.push(ne(complaints.status, 'closed'), sql`${complaints.createdAt} < ${at}::timestamptz - ${target} * interval '1 hour'`);
  else if (query.age) where.push(sql`${complaints.createdAt} < ${at}::timestamptz - ${AGE_HOURS[query.age]} * interval '1 hour'`);
  if (query.assignee === 'none') where.push(isNull(complaints.assigneeStaffId), isNull(complaints.assignee));
  else if (query.assignee) where.push(eq(complaints.assigneeStaffId, query.assignee === 'me' ? staffIdOf(scope) : query.assignee));
  if (query.product) where.push(eq(complaints.productId, query.product));
  if (query.batch) {
    where.push(sql`${complaints.unitId} in (select ${codes.pairId} from ${codes} join ${batches} on ${batches.id} = ${codes.batchId} and ${batches.clientId} = ${scope.clientId}
      where ${codes.clientId} = ${scope.clientId} and ${codes.pairId} is not null and upper(${batches.batchNumber}) = upper(${query.batch}))`);
  }
  where.push(...dayRange(complaints.createdAt, query.from, query.to));
  return where;
}

export function selectComplaints(db: DbOrTx, scope: ConsoleScope, where: SQL[], col: SortColumn) {
  return db
    .select({ c: complaints, productName: products.name, customer: customerNameCols, key: keyText(col) })
    .from(complaints)
    .leftJoin(products, and(eq(products.id, complaints.productId), eq(products.clientId, scope.clientId)))
    .leftJoin(customers, and(eq(customers.id, complaints.customerId), eq(customers.clientId, scope.clientId)))
    .where(and(...where))
    .$dynamic();
}

export function rowOf(c: ComplaintRow, productName: string | null, customer: string, configured: Readonly<Record<string, number>>, now: Date): ConsoleComplaintRow {
  const targetHours = complaintTargetHours(c.priority, configured);
  return {
    ticketId: c.ticketId,
    status: c.status,
    statusColor: COMPLAINT_STATUS_COLORS[c.status],
    priority: c.priority,
    category: c.category,
    customerName: customer,
    productName,
    assignee: c.assignee || c.assigneeStaffId ? { staffId: c.assigneeStaffId, name: c.assignee ?? '' } : null,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    ageHours: Math.max(0, Math.floor((now.getTime() - c.createdAt.getTime()) / 3_600_000)),
    targetHours,
    overdue: isComplaintOverdue(c.status, c.createdAt, targetHours, now),
  };
}

export async function requireTicket(db: DbOrTx, clientId: string, ticketId: string): Promise<ComplaintRow> {
  const [row] = await db.select().from(complaints).where(and(eq(complaints.clientId, clientId), eq(complaints.ticketId, ticketId)));
  if (!row) throw new ApiError('not_found', `No complaint ${ticketId}`);
  return row;
}

/** Changes the ticket only if it still has the status it was read with. */
export async function moveTicket(db: DbOrTx, clientId: string, c: ComplaintRow, set: Partial<Pick<ComplaintRow, 'status' | 'assignee' | 'assigneeStaffId'>>) {
  const [row] = await db
    .update(complaints)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(complaints.id, c.id), eq(complaints.clientId, clientId), eq(complaints.status, c.status)))
    .returning();
  if (!row) throw new ApiError('conflict', `${c.ticketId} changed meanwhile; look at it again`);
  return row;
}

export const closedRefusal = (ticketId: string) => new ApiError('conflict', `${ticketId} is closed; reopen it first (status open)`);
