import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { files } from '@/lib/db/schema';
import { notFound } from '@/lib/errors';
import type { ConsoleScope } from '../scope';
import { requireTicket } from './shared';

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
