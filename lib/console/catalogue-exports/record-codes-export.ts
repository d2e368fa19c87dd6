import 'server-only';
import { getDb } from '@/lib/db/client';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';

/** Refuses a scope that does not print, and records the export of `codes` codes in the audit log. */
export async function recordCodesExport(scope: ConsoleScope, what: { batch: string; format: 'csv' | 'pdf'; levels?: readonly number[]; codes: number }) {
  const db = await getDb();
  await recordAudit(db, scope, { action: 'codes.export', target: what.batch, after: { format: what.format, levels: what.levels ? [...what.levels] : 'all', codes: what.codes } });
}
