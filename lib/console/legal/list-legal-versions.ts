import 'server-only';
import { and, countDistinct, desc, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { legalAcknowledgements, legalDocuments } from '@/lib/db/schema';
import { LEGAL_DOCUMENT_TYPES } from '@/lib/schemas/legal';
import type { LegalOverview } from '@/lib/schemas/console-legal';
import type { ConsoleScope } from '../scope';

/** Every document type with its versions (newest first) and the acknowledgements of each. */
export async function listLegalVersions(scope: ConsoleScope): Promise<LegalOverview> {
  const db = await getDb();
  const rows = await db
    .select({
      documentId: legalDocuments.id,
      documentType: legalDocuments.documentType,
      version: legalDocuments.version,
      format: legalDocuments.format,
      publishedAt: legalDocuments.publishedAt,
      acknowledgements: countDistinct(legalAcknowledgements.customerId),
    })
    .from(legalDocuments)
    .leftJoin(
      legalAcknowledgements,
      and(eq(legalAcknowledgements.documentId, legalDocuments.id), eq(legalAcknowledgements.clientId, scope.clientId)),
    )
    .where(eq(legalDocuments.clientId, scope.clientId))
    .groupBy(legalDocuments.id)
    .orderBy(legalDocuments.documentType, desc(legalDocuments.version));
  return {
    types: LEGAL_DOCUMENT_TYPES.map((documentType) => {
      const versions = rows.filter((r) => r.documentType === documentType);
      return {
        documentType,
        versions: versions.map((r, i) => ({
          documentId: r.documentId,
          documentType,
          version: r.version,
          format: r.format,
          publishedAt: r.publishedAt.toISOString(),
          acknowledgements: Number(r.acknowledgements),
          current: i === 0,
        })),
      };
    }),
  };
}
