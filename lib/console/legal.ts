import 'server-only';
import path from 'node:path';
import { and, countDistinct, desc, eq, max } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { legalAcknowledgements, legalDocuments } from '@/lib/db/schema';
import { ApiError, fieldError, notFound } from '@/lib/errors';
import { randomId } from '@/lib/ids';
import { LEGAL_DOCUMENT_TYPES, type LegalDocumentFormat, type LegalDocumentType } from '@/lib/schemas/legal';
import type { LegalOverview } from '@/lib/schemas/console-legal';
import { recordAudit } from './audit';
import type { ConsoleScope } from './scope';

// A brand's legal documents (console area "legal", and the command line's publish-legal, which
// calls the same publisher): each publication is a new version (1, 2, 3 … per brand and type);
// earlier versions stay, since acknowledgements point at them. See docs/legal-and-embedding.md.

export const MAX_LEGAL_DOCUMENT_BYTES = 2 * 1024 * 1024;
const MARKDOWN_EXTENSIONS = new Set(['.md', '.markdown']);

/** Markdown or PDF, by extension and by content; throws a clear 4xx otherwise. */
export function detectLegalFormat(fileName: string, bytes: Uint8Array): { format: LegalDocumentFormat; text?: string } {
  const ext = path.extname(fileName).toLowerCase();
  if (bytes.length === 0) throw fieldError('unprocessable', 'file', `${fileName} is empty`);
  if (bytes.length > MAX_LEGAL_DOCUMENT_BYTES) {
    throw fieldError('payload_too_large', 'file', `${fileName} is larger than ${MAX_LEGAL_DOCUMENT_BYTES / 1024 / 1024} MB`);
  }
  const isPdf = Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
  if (ext === '.pdf') {
    if (!isPdf) throw fieldError('unprocessable', 'file', `${fileName} is not a PDF (it does not start with %PDF-)`);
    return { format: 'pdf' };
  }
  if (!MARKDOWN_EXTENSIONS.has(ext)) throw fieldError('unprocessable', 'file', `${fileName} must be Markdown (.md, .markdown) or PDF (.pdf)`);
  if (isPdf) throw fieldError('unprocessable', 'file', `${fileName} is a PDF, not Markdown; name it .pdf`);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw fieldError('unprocessable', 'file', `${fileName} is not valid UTF-8 text`);
  }
  if (text.includes('\u0000')) throw fieldError('unprocessable', 'file', `${fileName} is not text (it holds NUL bytes)`);
  text = text.replace(/^\uFEFF/, '');
  if (!text.trim()) throw fieldError('unprocessable', 'file', `${fileName} is empty`);
  return { format: 'markdown', text };
}

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
