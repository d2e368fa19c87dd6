import 'server-only';
import { and, eq, max } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { legalDocuments } from '@/lib/db/schema';
import { ApiError } from '@/lib/errors';
import { randomId } from '@/lib/ids';
import type { LegalDocumentType } from '@/lib/schemas/legal';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import { detectLegalFormat } from './detect-legal-format';

/** Stores a new version of one document type for the brand; answers its id and version number. Audited. */
export async function publishLegalVersion(scope: ConsoleScope, input: { documentType: LegalDocumentType; fileName: string; bytes: Uint8Array }) {
  const { format, text } = detectLegalFormat(input.fileName, input.bytes);
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const [last] = await tx
        .select({ version: max(legalDocuments.version) })
        .from(legalDocuments)
        .where(and(eq(legalDocuments.clientId, scope.clientId), eq(legalDocuments.documentType, input.documentType)));
      const version = (last?.version ?? 0) + 1;
      const id = randomId('doc');
      await tx.insert(legalDocuments).values({
        id,
        clientId: scope.clientId,
        documentType: input.documentType,
        version,
        format,
        contentText: format === 'markdown' ? text! : null,
        contentBytes: format === 'pdf' ? input.bytes : null,
      });
      await recordAudit(tx, scope, {
        action: 'legal.publish',
        target: `${input.documentType} v${version}`,
        after: { documentId: id, documentType: input.documentType, version, format, bytes: input.bytes.length },
      });
      return { documentId: id, documentType: input.documentType, version, format };
    });
  } catch (err) {
    // Two publications of the same type at once: the unique (client, type, version) index refuses one.
    if ((err as { code?: string; cause?: { code?: string } }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505') {
      throw new ApiError('conflict', 'Another version of this document was published at the same moment; publish again');
    }
    throw err;
  }
}
