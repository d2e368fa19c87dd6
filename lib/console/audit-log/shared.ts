import 'server-only';
import { eq, inArray, sql } from 'drizzle-orm';
import { auditActionsOf, type AuditKind } from '@/lib/domain/security-events';
import { auditLog } from '@/lib/db/schema';
import type { ConsoleScope } from '../scope';
import { dayRange, keyText, type SortColumn } from '../list-kit';
import type { AUDIT_SORTS } from '@/lib/schemas/console';

/** `at` as stored, to the microsecond, in UTC. */
export const atText = sql<string>`to_char(${auditLog.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export type AuditSortColumn = (typeof AUDIT_SORTS)[number];

export type AuditFilter = { action?: string; actor?: string; kind?: AuditKind; from?: string; to?: string; sort?: AuditSortColumn | `-${AuditSortColumn}` };

export const AUDIT_SORT_COLUMNS: Record<AuditSortColumn, SortColumn> = {
  at: { expr: auditLog.at, type: 'timestamptz' },
  action: { expr: auditLog.action, type: 'text' },
  actor: { expr: auditLog.actor, type: 'text' },
};

/** The key a row continues from: `at` in the cursor's UTC form, the other columns as they are. */
export const keyOf = (column: AuditSortColumn) => (column === 'at' ? atText : keyText(AUDIT_SORT_COLUMNS[column]));

export const auditWhere = (scope: ConsoleScope, args: AuditFilter) => [
  eq(auditLog.clientId, scope.clientId),
  args.action ? eq(auditLog.action, args.action) : undefined,
  args.actor ? eq(auditLog.actor, args.actor) : undefined,
  args.kind ? inArray(auditLog.action, auditActionsOf(args.kind)) : undefined,
  ...dayRange(auditLog.at, args.from, args.to),
];
