import 'server-only';
import { getDb } from '@/lib/db/client';
import { notFound } from '@/lib/errors';
import { findDocument, type DocumentRow } from './documents';

// GET /api/legal/documents/{documentId} — a document of the requesting brand only: another
// brand's id is as unknown as a made-up one (404).
export async function getDocument(clientId: string, documentId: string): Promise<DocumentRow> {
  const doc = await findDocument(await getDb(), clientId, documentId);
  if (!doc) throw notFound('Document');
  return doc;
}

/** A file name for Content-Disposition, e.g. privacy-policy-v2.pdf (ASCII only, no quotes). */
export function documentFileName(doc: Pick<DocumentRow, 'documentType' | 'version' | 'format'>): string {
  const base = doc.documentType.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '-');
  return `${base}-v${doc.version}.${doc.format === 'pdf' ? 'pdf' : 'md'}`;
}
