import 'server-only';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { clients } from '@/lib/db/schema';
import { MAX_LEGAL_DOCUMENT_BYTES, detectLegalFormat, listLegalVersions, publishLegalVersion } from '@/lib/console/legal';
import { cliScope } from '@/lib/console/scope';
import { ApiError, fieldError } from '@/lib/errors';
import { legalDocumentTypeSchema, type LegalDocumentType } from '@/lib/schemas/legal';
import { brandScope, requireBrand } from './brands';

// Publishing a brand's legal documents (npm run brand -- publish-legal / list-legal). Each
// publication is a new version (1, 2, 3 … per brand and type); earlier versions stay, since
// acknowledgements point at them. See docs/legal-and-embedding.md.

export { MAX_LEGAL_DOCUMENT_BYTES, detectLegalFormat };

/** Stores a new version of one document type for a brand (the console's publisher, acting as the command line). */
export async function publishLegalDocument(input: { clientId: string; documentType: LegalDocumentType; fileName: string; bytes: Uint8Array }) {
  const db = await getDb();
  const [brand] = await db.select({ slug: clients.slug }).from(clients).where(eq(clients.id, input.clientId));
  if (!brand) throw new ApiError('not_found', 'No such brand');
  return publishLegalVersion(cliScope(input.clientId, brand.slug), input);
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

// npm run brand -- list-legal --slug acme — every version, newest first per type: the console's
// list of versions (lib/console/legal), one row each.
export async function listLegal(input: z.input<typeof listLegalArgs>) {
  const args = listLegalArgs.parse(input);
  const { types } = await listLegalVersions(await brandScope(args.slug));
  return types
    .flatMap((t) => t.versions.map(({ documentType, version, documentId, format, publishedAt }) => ({ documentType, version, documentId, format, publishedAt })))
    .sort((a, b) => (a.documentType < b.documentType ? -1 : a.documentType > b.documentType ? 1 : 0));
}
