import 'server-only';
import { and, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { complaints } from '@/lib/db/schema';
import type { ComplaintListQuery, ConsoleComplaintList } from '@/lib/schemas/console-complaints';
import { orderOf } from '../list-kit';
import { sortOf } from '@/lib/schemas/console-list';
import type { ConsoleScope } from '../scope';
import { customerName } from '../customer-name';
import { brandOf, complaintWhere, targetHoursSql, selectComplaints, COMPLAINT_SORT_COLUMNS, rowOf } from './shared';

export async function listComplaints(scope: ConsoleScope, query: ComplaintListQuery, now: Date = new Date()): Promise<ConsoleComplaintList> {
  const db = await getDb();
  const { config } = await brandOf(db, scope.clientId);
  const { priorities, targetHours } = config.complaintConfig;
  const where = complaintWhere(scope, query, targetHoursSql(priorities, targetHours), now.toISOString());
  const { column, dir } = sortOf(query.sort);
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(complaints).where(and(...where));
  const rows = await selectComplaints(db, scope, where, COMPLAINT_SORT_COLUMNS[column])
    .orderBy(orderOf(COMPLAINT_SORT_COLUMNS[column], complaints.id, dir))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    complaints: rows.map((r) => rowOf(r.c, r.productName, customerName(r.customer), targetHours, now)),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(total),
    priorities,
  };
}
