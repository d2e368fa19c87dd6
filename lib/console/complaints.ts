import 'server-only';
import { and, asc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import type { DbOrTx } from '@/lib/db/db-or-tx';
import { batches, clients, codes, complaintMessages, complaints, customers, files, products, staff, staffMemberships } from '@/lib/db/schema';
import { brandConfigOf } from '@/lib/brands/brand-config';
import {
  COMPLAINT_STATUS_COLORS,
  COMPLAINT_TRANSITIONS,
  canMoveComplaint,
  complaintTargetHours,
  isComplaintOverdue,
  type ComplaintStatus,
} from '@/lib/domain/complaints';
import { roleMay, isStaffRole } from '@/lib/domain/staff-roles';
import { ApiError, fieldError, notFound } from '@/lib/errors';
import { randomId } from '@/lib/ids';
import {
  complaintAttachmentUrl,
  type AssignableStaff,
  COMPLAINT_SORTS,
  type BulkComplaints,
  type ComplaintExportQuery,
  type ComplaintListQuery,
  type ConsoleComplaintDetail,
  type ConsoleComplaintList,
  type ConsoleComplaintRow,
} from '@/lib/schemas/console-complaints';
import { enqueueCustomerMessage, wordIn } from '@/lib/messaging/queue';
import { recordAudit } from './audit';
import { afterKey, dayRange, exportFileName, keysetPages, keyText, orderOf, type SortColumn } from './list-kit';
import { CSV_MAX_ROWS, sortOf } from '@/lib/schemas/console-list';
import type { ConsoleScope } from './scope';
import { customerName, customerNameCols } from './customer-name';

// The complaints inbox of a brand (issue 12, docs/console.md), for the console and the command
// line alike: the list with its filters and target times, one ticket with its thread, and the
// changes (assign, reply, status) — each a conditional update on the status it was read with,
// audited in the same transaction. Every query is scoped by scope.clientId.

type ComplaintRow = typeof complaints.$inferSelect;

async function brandOf(db: DbOrTx, clientId: string) {
  const [row] = await db.select().from(clients).where(eq(clients.id, clientId));
  if (!row) throw notFound('Brand');
  return { row, config: brandConfigOf(row) };
}

/** The hours a ticket's priority may wait, as SQL, so the overdue filter runs in the database. */
function targetHoursSql(priorities: readonly string[], configured: Readonly<Record<string, number>>): SQL {
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

const COMPLAINT_SORT_COLUMNS: Record<(typeof COMPLAINT_SORTS)[number], SortColumn> = {
  created: { expr: complaints.createdAt, type: 'timestamptz' },
  updated: { expr: complaints.updatedAt, type: 'timestamptz' },
  status: { expr: complaints.status, type: 'text' },
  priority: { expr: complaints.priority, type: 'text' },
  ticket: { expr: complaints.ticketId, type: 'text' },
};

/** The inbox's filters as SQL on complaints (the brand's, always). */
function complaintWhere(scope: ConsoleScope, query: ComplaintExportQuery, target: SQL, at: string): SQL[] {
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

function selectComplaints(db: DbOrTx, scope: ConsoleScope, where: SQL[], col: SortColumn) {
  return db
    .select({ c: complaints, productName: products.name, customer: customerNameCols, key: keyText(col) })
    .from(complaints)
    .leftJoin(products, and(eq(products.id, complaints.productId), eq(products.clientId, scope.clientId)))
    .leftJoin(customers, and(eq(customers.id, complaints.customerId), eq(customers.clientId, scope.clientId)))
    .where(and(...where))
    .$dynamic();
}

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

function rowOf(c: ComplaintRow, productName: string | null, customer: string, configured: Readonly<Record<string, number>>, now: Date): ConsoleComplaintRow {
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

async function requireTicket(db: DbOrTx, clientId: string, ticketId: string): Promise<ComplaintRow> {
  const [row] = await db.select().from(complaints).where(and(eq(complaints.clientId, clientId), eq(complaints.ticketId, ticketId)));
  if (!row) throw new ApiError('not_found', `No complaint ${ticketId}`);
  return row;
}

export async function getComplaint(scope: ConsoleScope, ticketId: string, now: Date = new Date()): Promise<ConsoleComplaintDetail> {
  const db = await getDb();
  const { config } = await brandOf(db, scope.clientId);
  const c = await requireTicket(db, scope.clientId, ticketId);
  const [extra] = await db
    .select({ productName: products.name, customer: customerNameCols })
    .from(complaints)
    .leftJoin(products, and(eq(products.id, complaints.productId), eq(products.clientId, scope.clientId)))
    .leftJoin(customers, and(eq(customers.id, complaints.customerId), eq(customers.clientId, scope.clientId)))
    .where(and(eq(complaints.clientId, scope.clientId), eq(complaints.id, c.id)));
  const messages = await db
    .select()
    .from(complaintMessages)
    .where(and(eq(complaintMessages.clientId, scope.clientId), eq(complaintMessages.complaintId, c.id)))
    .orderBy(asc(complaintMessages.at), asc(complaintMessages.id));
  const attachments = c.attachmentIds.length
    ? await db
        .select({ id: files.id, originalName: files.originalName, mediaType: files.mediaType, contentType: files.contentType, size: files.size })
        .from(files)
        .where(and(eq(files.clientId, scope.clientId), eq(files.customerId, c.customerId), inArray(files.id, c.attachmentIds), isNull(files.erasedAt)))
    : [];
  const order = new Map(c.attachmentIds.map((id, i) => [id, i]));
  attachments.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  const customer = extra?.customer ?? null;
  return {
    ...rowOf(c, extra?.productName ?? null, customerName(customer), config.complaintConfig.targetHours, now),
    description: c.description,
    unitId: c.unitId,
    customer: { name: customerName(customer), email: customer?.email ?? null, mobile: customer?.mobile ?? null },
    attachments: attachments.map((f) => ({
      fileId: f.id,
      name: f.originalName,
      mediaType: f.mediaType,
      contentType: f.contentType,
      size: f.size,
      url: complaintAttachmentUrl(scope.slug, c.ticketId, f.id),
    })),
    messages: messages.map((m) => ({ messageId: m.id, author: m.author, authorName: m.authorName, body: m.body, at: m.at.toISOString() })),
    nextStatuses: [...COMPLAINT_TRANSITIONS[c.status]],
  };
}

/** A ticket's attachment for staff of its brand: the file row (bytes opened by the caller); anything else is 404. */
export async function complaintAttachment(scope: ConsoleScope, ticketId: string, fileId: string) {
  const db = await getDb();
  const c = await requireTicket(db, scope.clientId, ticketId);
  if (!c.attachmentIds.includes(fileId)) throw notFound('File');
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.clientId, scope.clientId), eq(files.customerId, c.customerId), isNull(files.erasedAt)));
  if (!row) throw notFound('File');
  return row;
}

/** Staff of the brand who may take tickets (those who may change complaints), for the assign list. */
export async function assignableStaff(scope: ConsoleScope): Promise<AssignableStaff> {
  const db = await getDb();
  const rows = await db
    .select({ staffId: staff.id, name: staff.name, email: staff.email, role: staffMemberships.role })
    .from(staffMemberships)
    .innerJoin(staff, eq(staff.id, staffMemberships.staffId))
    .where(and(eq(staffMemberships.clientId, scope.clientId), isNull(staff.disabledAt), isNull(staffMemberships.disabledAt)))
    .orderBy(asc(staff.email));
  return rows.filter((r) => isStaffRole(r.role) && roleMay(r.role, 'complaints', 'write')).map(({ staffId, name, email }) => ({ staffId, name: name || email, email }));
}

/** Changes the ticket only if it still has the status it was read with. */
async function moveTicket(db: DbOrTx, clientId: string, c: ComplaintRow, set: Partial<Pick<ComplaintRow, 'status' | 'assignee' | 'assigneeStaffId'>>) {
  const [row] = await db
    .update(complaints)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(complaints.id, c.id), eq(complaints.clientId, clientId), eq(complaints.status, c.status)))
    .returning();
  if (!row) throw new ApiError('conflict', `${c.ticketId} changed meanwhile; look at it again`);
  return row;
}

/** A reply as a message quotes it: at most 300 characters (an SMS or a WhatsApp parameter stays short). */
function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 299)}…` : flat;
}

const closedRefusal = (ticketId: string) => new ApiError('conflict', `${ticketId} is closed; reopen it first (status open)`);

/**
 * Who a ticket goes to: a staff member of the brand (by id, or for the command line by e-mail),
 * a free name (the command line), or nobody.
 */
export type AssignTo = { staffId: string } | { staffEmail: string } | { name: string } | null;

async function resolveAssignee(db: DbOrTx, clientId: string, to: Exclude<AssignTo, null>): Promise<{ staffId: string | null; name: string }> {
  if ('name' in to) return { staffId: null, name: to.name };
  const [member] = await db
    .select({ id: staff.id, name: staff.name, email: staff.email, role: staffMemberships.role })
    .from(staffMemberships)
    .innerJoin(staff, eq(staff.id, staffMemberships.staffId))
    .where(and(eq(staffMemberships.clientId, clientId), isNull(staff.disabledAt), isNull(staffMemberships.disabledAt), 'staffId' in to ? eq(staff.id, to.staffId) : eq(staff.email, to.staffEmail.toLowerCase())));
  if (!member) throw fieldError('unprocessable', 'staffId', 'is not a staff member of this brand');
  if (!isStaffRole(member.role) || !roleMay(member.role, 'complaints', 'write')) throw fieldError('unprocessable', 'staffId', `a ${member.role} may not handle complaints`);
  return { staffId: member.id, name: member.name || member.email };
}

async function assignIn(tx: DbOrTx, scope: ConsoleScope, args: { ticketId: string; to: AssignTo }) {
  const c = await requireTicket(tx, scope.clientId, args.ticketId);
  if (c.status === 'closed') throw closedRefusal(c.ticketId);
  const who = args.to ? await resolveAssignee(tx, scope.clientId, args.to) : null;
  const status: ComplaintStatus = who && c.status === 'unassigned' ? 'open' : c.status;
  const row = await moveTicket(tx, scope.clientId, c, { status, assignee: who?.name ?? null, assigneeStaffId: who?.staffId ?? null });
  await recordAudit(tx, scope, {
    action: who ? 'complaint.assign' : 'complaint.unassign',
    target: c.ticketId,
    before: { status: c.status, assignee: c.assignee, assigneeStaffId: c.assigneeStaffId },
    after: { status: row.status, assignee: row.assignee, assigneeStaffId: row.assigneeStaffId },
  });
  return { ticketId: row.ticketId, status: row.status, assignee: row.assignee };
}

/** Assigns a ticket (an unassigned one becomes open) or takes it off whoever had it (its status stays). */
export async function assignComplaint(scope: ConsoleScope, args: { ticketId: string; to: AssignTo }) {
  const db = await getDb();
  return db.transaction((tx) => assignIn(tx, scope, args));
}

/** A reply from the brand, added to the thread the customer reads (complaint_messages). */
export async function replyComplaint(scope: ConsoleScope, args: { ticketId: string; message: string; authorName?: string }) {
  const db = await getDb();
  const { row: brand } = await brandOf(db, scope.clientId);
  return db.transaction(async (tx) => {
    const c = await requireTicket(tx, scope.clientId, args.ticketId);
    if (c.status === 'closed') throw closedRefusal(c.ticketId);
    await moveTicket(tx, scope.clientId, c, {});
    const messageId = randomId('cm', 16);
    const authorName = args.authorName ?? brand.organizationName;
    await tx.insert(complaintMessages).values({ id: messageId, clientId: scope.clientId, complaintId: c.id, author: 'brand', authorName, body: args.message });
    await recordAudit(tx, scope, { action: 'complaint.reply', target: c.ticketId, after: { messageId, authorName, body: args.message } });
    // The customer hears of it (docs/messages.md), in this transaction: no reply without its message.
    await enqueueCustomerMessage(tx, { clientId: scope.clientId, customerId: c.customerId, kind: 'complaint-reply', eventKey: messageId, params: { ticket: c.ticketId, reply: excerpt(args.message) } });
    return { ticketId: c.ticketId, status: c.status, replied: true as const, messageId };
  });
}

async function statusIn(tx: DbOrTx, scope: ConsoleScope, args: { ticketId: string; status: ComplaintStatus }) {
  const c = await requireTicket(tx, scope.clientId, args.ticketId);
  if (!canMoveComplaint(c.status, args.status)) {
    const allowed = COMPLAINT_TRANSITIONS[c.status];
    throw new ApiError('conflict', `A ${c.status} complaint cannot move to ${args.status}; it can move to: ${allowed.join(', ')}`, undefined, 'status');
  }
  const row = await moveTicket(tx, scope.clientId, c, { status: args.status });
  await recordAudit(tx, scope, { action: 'complaint.status', target: c.ticketId, before: { status: c.status }, after: { status: row.status } });
  // The customer hears of it, in their language (docs/messages.md): a ticket closed in bulk too.
  await enqueueCustomerMessage(tx, {
    clientId: scope.clientId,
    customerId: c.customerId,
    kind: 'complaint-status',
    eventKey: `${c.id}:${row.status}:${row.updatedAt.getTime()}`,
    params: { ticket: c.ticketId, status: (locale) => wordIn(locale, `status.${row.status}`) },
  });
  return { ticketId: row.ticketId, status: row.status };
}

/** Moves a ticket's status by the allowed moves only (lib/domain/complaints.ts); anything else is 409 naming them. */
export async function setComplaintStatus(scope: ConsoleScope, args: { ticketId: string; status: ComplaintStatus }) {
  const db = await getDb();
  return db.transaction((tx) => statusIn(tx, scope, args));
}

/**
 * Several tickets at once, in one transaction (all or nothing: a ticket of another brand is a
 * 404 naming it, a closed one to assign a 409, and nothing changes): assigned to one member (or
 * to nobody), or closed (those already closed are left as they are). Each ticket gets its own
 * audit entry as when changed alone, and the whole one more (complaints.assign.bulk /
 * complaints.close.bulk, with the tickets).
 */
export async function bulkComplaints(scope: ConsoleScope, args: { action: 'assign'; ticketIds: string[]; to: AssignTo } | { action: 'close'; ticketIds: string[] }): Promise<BulkComplaints> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const changed: BulkComplaints['changed'] = [];
    const unchanged: string[] = [];
    for (const ticketId of args.ticketIds) {
      if (args.action === 'assign') {
        const r = await assignIn(tx, scope, { ticketId, to: args.to });
        changed.push({ ticketId: r.ticketId, status: r.status });
      } else {
        const c = await requireTicket(tx, scope.clientId, ticketId);
        if (c.status === 'closed') unchanged.push(c.ticketId);
        else changed.push(await statusIn(tx, scope, { ticketId, status: 'closed' }));
      }
    }
    if (changed.length) {
      await recordAudit(tx, scope, {
        action: `complaints.${args.action}.bulk`,
        target: `${changed.length} complaint${changed.length === 1 ? '' : 's'}`,
        after: { tickets: changed.map((c) => c.ticketId), ...(args.action === 'assign' ? { to: args.to } : { status: 'closed' }) },
      });
    }
    return { action: args.action, changed, unchanged };
  });
}
