import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { claimDisputes, files } from '@/lib/db/schema';
import { notFound } from '@/lib/errors';
import type { ConsoleScope } from '../scope';

async function disputeRow(scope: ConsoleScope, id: string) {
  const db = await getDb();
  const [row] = await db.select().from(claimDisputes).where(and(eq(claimDisputes.clientId, scope.clientId), eq(claimDisputes.id, id)));
  if (!row) throw notFound('Dispute');
  return row;
}

/** A dispute's photo for staff of its brand, to view in place; another brand's dispute is 404. */
export async function disputePhoto(scope: ConsoleScope, id: string) {
  const d = await disputeRow(scope, id);
  const db = await getDb();
  const [file] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, d.photoFileId), eq(files.clientId, scope.clientId), isNull(files.erasedAt)));
  if (!file) throw notFound('Photo');
  return file;
}
