import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { files, warranties } from '@/lib/db/schema';
import { notFound } from '@/lib/errors';
import type { ConsoleScope } from '../scope';

/** A registration's invoice for staff of its brand: the file row (bytes opened by the caller); anything else is 404. */
export async function warrantyInvoice(scope: ConsoleScope, warrantyId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ f: files })
    .from(warranties)
    .innerJoin(files, and(eq(files.id, warranties.invoiceFileId), eq(files.clientId, scope.clientId)))
    .where(and(eq(warranties.clientId, scope.clientId), eq(warranties.id, warrantyId), isNull(files.erasedAt)));
  if (!row) throw notFound('File');
  return row.f;
}
