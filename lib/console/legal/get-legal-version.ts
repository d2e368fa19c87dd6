import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { legalDocuments } from '@/lib/db/schema';
import { notFound } from '@/lib/errors';
import type { ConsoleScope } from '../scope';

/** One published version with its content, for the console to show it as customers see it. */
export async function getLegalVersion(scope: ConsoleScope, documentId: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(legalDocuments)
    .where(and(eq(legalDocuments.clientId, scope.clientId), eq(legalDocuments.id, documentId)));
  if (!row) throw notFound('Document');
  return {
    documentId: row.id,
    documentType: row.documentType,
    version: row.version,
    format: row.format,
    publishedAt: row.publishedAt.toISOString(),
    text: row.contentText,
    bytes: row.contentBytes,
  };
}
