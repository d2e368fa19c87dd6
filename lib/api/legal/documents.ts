import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { legalDocuments } from '@/lib/db/schema';
import type { LegalDocumentSummary } from '@/lib/schemas/legal';

// Reads of a brand's legal documents. The current document of a type is its highest version.

type Reader = Pick<Db, 'select' | 'selectDistinctOn'>;
export type DocumentRow = typeof legalDocuments.$inferSelect;

const summaryColumns = {
  id: legalDocuments.id,
  documentType: legalDocuments.documentType,
  version: legalDocuments.version,
  format: legalDocuments.format,
  publishedAt: legalDocuments.publishedAt,
};
export type DocumentSummaryRow = Pick<DocumentRow, keyof typeof summaryColumns>;

/** The current version of each document type the brand has published (types without one are absent). */
export async function currentDocuments(db: Reader, clientId: string): Promise<DocumentSummaryRow[]> {
  return db
    .selectDistinctOn([legalDocuments.documentType], summaryColumns)
    .from(legalDocuments)
    .where(eq(legalDocuments.clientId, clientId))
    .orderBy(legalDocuments.documentType, desc(legalDocuments.version));
}

/** One document of this brand, with its content; undefined for an unknown id or another brand's. */
export async function findDocument(db: Reader, clientId: string, documentId: string): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(legalDocuments)
    .where(and(eq(legalDocuments.id, documentId), eq(legalDocuments.clientId, clientId)));
  return row;
}

export function toSummary(row: DocumentSummaryRow): LegalDocumentSummary {
  return {
    documentType: row.documentType,
    documentId: row.id,
    version: row.version,
    format: row.format,
    publishedAt: row.publishedAt.toISOString(),
    url: `/api/legal/documents/${encodeURIComponent(row.id)}`,
  };
}
