import 'server-only';
import { callRoute } from './call-route';
import { currentLegalDocumentsRoute, legalDocumentRoute } from './routes';
import { ApiRequestError } from '@/lib/shared/fetch-rules';
import type { LegalDocument, LegalDocumentType } from '@/lib/schemas/legal';

// The brand's current legal documents as the /terms-of-use and /privacy-policy pages show them:
// GET /api/legal/documents/current, then GET /api/legal/documents/{id} (JSON) for each asked type.
export async function currentLegalDocuments(types: LegalDocumentType[]): Promise<Partial<Record<LegalDocumentType, LegalDocument>>> {
  const current = await callRoute(currentLegalDocumentsRoute);
  const wanted = current.documents.filter((d) => types.includes(d.documentType));
  const docs = await Promise.all(
    wanted.map((d) => callRoute(legalDocumentRoute, { params: { documentId: d.documentId } })),
  );
  return Object.fromEntries(docs.map((d) => [d.documentType, d]));
}

/** One of this brand's documents by id (any version), or undefined when it is not this brand's. */
export async function legalDocumentById(documentId: string): Promise<LegalDocument | undefined> {
  try {
    return await callRoute(legalDocumentRoute, { params: { documentId } });
  } catch (err) {
    if (err instanceof ApiRequestError && err.status === 404) return undefined;
    throw err;
  }
}
