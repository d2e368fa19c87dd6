import 'server-only';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, max } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { legalDocuments } from '@/lib/db/schema';
import { ApiError, fieldError } from '@/lib/errors';
import { randomId } from '@/lib/ids';
import { legalDocumentTypeSchema, type LegalDocumentFormat, type LegalDocumentType } from '@/lib/schemas/legal';
import { requireBrand } from './brands';

// Publishing a brand's legal documents (npm run brand -- publish-legal / list-legal). Each
// publication is a new version (1, 2, 3 … per brand and type); earlier versions stay, since
// acknowledgements point at them. See docs/legal-and-embedding.md.

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

/** Stores a new version of one document type for a brand; answers its id and version number. */
export async function publishLegalDocument(input: { clientId: string; documentType: LegalDocumentType; fileName: string; bytes: Uint8Array }) {
  const { format, text } = detectLegalFormat(input.fileName, input.bytes);
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const [last] = await tx
        .select({ version: max(legalDocuments.version) })
        .from(legalDocuments)
        .where(and(eq(legalDocuments.clientId, input.clientId), eq(legalDocuments.documentType, input.documentType)));
      const version = (last?.version ?? 0) + 1;
      const id = randomId('doc');
      await tx.insert(legalDocuments).values({
        id,
        clientId: input.clientId,
        documentType: input.documentType,
        version,
        format,
        contentText: format === 'markdown' ? text! : null,
        contentBytes: format === 'pdf' ? input.bytes : null,
      });
      return { documentId: id, documentType: input.documentType, version, format };
    });
  } catch (err) {
    // Two publications of the same type at once: the unique (client, type, version) index refuses one.
    if ((err as { code?: string; cause?: { code?: string } }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505') {
      throw new ApiError('conflict', 'Another version of this document was published at the same moment; run the command again');
    }
    throw err;
  }
}

export const publishLegalArgs = z
  .object({
    slug: z.string(),
    type: legalDocumentTypeSchema,
    file: z.string().min(1, 'file is required').max(1024),
  })
  .strict();

// npm run brand -- publish-legal --slug acme --type "Privacy Policy" --file policy.md
// The path is resolved from the working directory of the process that runs the command
// (npm run sets it to the project folder, for the command line and the server alike).
export async function publishLegal(input: z.input<typeof publishLegalArgs>) {
  const args = publishLegalArgs.parse(input);
  const brand = await requireBrand(args.slug);
  const file = path.resolve(/*turbopackIgnore: true*/ process.cwd(), args.file); // an operator's file, anywhere
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) throw fieldError('not_found', 'file', `no such file ${args.file}`);
  if (info.size > MAX_LEGAL_DOCUMENT_BYTES) {
    throw fieldError('payload_too_large', 'file', `${args.file} is larger than ${MAX_LEGAL_DOCUMENT_BYTES / 1024 / 1024} MB`);
  }
  const bytes = new Uint8Array(await readFile(file));
  const published = await publishLegalDocument({ clientId: brand.id, documentType: args.type, fileName: path.basename(file), bytes });
  return { slug: args.slug, ...published };
}

export const listLegalArgs = z.object({ slug: z.string() }).strict();

// npm run brand -- list-legal --slug acme — every version, newest first per type
export async function listLegal(input: z.input<typeof listLegalArgs>) {
  const args = listLegalArgs.parse(input);
  const brand = await requireBrand(args.slug);
  const db = await getDb();
  const rows = await db
    .select({
      documentType: legalDocuments.documentType,
      version: legalDocuments.version,
      documentId: legalDocuments.id,
      format: legalDocuments.format,
      publishedAt: legalDocuments.publishedAt,
    })
    .from(legalDocuments)
    .where(eq(legalDocuments.clientId, brand.id))
    .orderBy(legalDocuments.documentType, desc(legalDocuments.version));
  return rows.map((r) => ({ ...r, publishedAt: r.publishedAt.toISOString() }));
}
