import 'server-only';
import { defineRoute, FileAnswer } from '../define-route';
import { contentDisposition } from '../files/get-file';
import { readSmallForm } from './read-small-form';
import { getLegalVersion, listLegalVersions, MAX_LEGAL_DOCUMENT_BYTES, publishLegalVersion } from '@/lib/console/legal';
import { fieldError } from '@/lib/errors';
import { consoleBrandParams } from '@/lib/schemas/console';
import { consoleLegalDocumentSchema, legalDocumentParamsShape, legalOverviewSchema, MAX_LEGAL_MARKDOWN_CHARS, publishedLegalSchema } from '@/lib/schemas/console-legal';
import { legalDocumentTypeSchema } from '@/lib/schemas/legal';

// The console's legal area (issue 12, docs/console.md): the brand's documents by type with their
// versions and acknowledgement counts, publishing a new version (Markdown text or a PDF), and a
// published version's content. Reading: every role that may read legal; publishing: the owner
// and managers. The use cases are lib/console/legal.ts, shared with the command line.

const base = '/console/brands/{brand}/legal';
const documentParams = consoleBrandParams.extend(legalDocumentParamsShape);

// GET /api/console/brands/{brand}/legal/documents — the console's legal page reads it (callRoute)
export const consoleLegalListRoute = defineRoute({
  method: 'get',
  path: `${base}/documents`,
  tag: 'console-legal',
  access: { class: 'staff', area: 'legal', access: 'read' },
  params: consoleBrandParams,
  response: { description: 'Each document type with its versions (newest first) and how many customers acknowledged each', schema: legalOverviewSchema },
  handle: async (_input, ctx) => listLegalVersions(ctx.scope),
});

// GET /api/console/brands/{brand}/legal/documents/{documentId} — the file, or to Accept:
// application/json its facts and Markdown text (the version's console page reads that, callRoute)
export const consoleLegalDocumentRoute = defineRoute({
  method: 'get',
  path: `${base}/documents/{documentId}`,
  tag: 'console-legal',
  access: { class: 'staff', area: 'legal', access: 'read' },
  params: documentParams,
  response: {
    description: 'A published version as customers get it: Markdown text or the PDF; asked for JSON first (Accept), its facts and Markdown text',
    schema: consoleLegalDocumentSchema,
    files: { 'text/markdown': { schema: { type: 'string' } }, 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
  },
  handle: async ({ params }, ctx) => {
    const doc = await getLegalVersion(ctx.scope, params.documentId);
    const wantsJson = (ctx.header('accept') ?? '').split(',')[0]?.trim().startsWith('application/json');
    if (wantsJson) {
      const { documentId, documentType, version, format, publishedAt } = doc;
      return { documentId, documentType, version, format, publishedAt, content: format === 'markdown' ? doc.text : null };
    }
    const name = `${doc.documentType} v${doc.version}.${doc.format === 'pdf' ? 'pdf' : 'md'}`;
    const headers = {
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
      'cache-control': 'private, no-store',
      'content-disposition': contentDisposition('inline', name),
    };
    if (doc.format === 'pdf' && doc.bytes) {
      const b = doc.bytes;
      return new FileAnswer(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer, { ...headers, 'content-type': 'application/pdf' });
    }
    return new FileAnswer(doc.text ?? '', { ...headers, 'content-type': 'text/markdown; charset=utf-8' });
  },
});

export const consoleLegalRoutes = [
  consoleLegalListRoute,
  defineRoute({
    method: 'post',
    path: `${base}/documents`,
    tag: 'console-legal',
    access: { class: 'staff', area: 'legal', access: 'write' },
    params: consoleBrandParams,
    upload: { fields: 'documentType ("Terms & Conditions", "Privacy Policy" or "Cookie Policy"); markdown (the text) or file (a .md or .pdf file, at most 2 MB)' },
    fieldErrors: 'A field is missing or invalid (documentType, markdown, file)',
    errors: { 409: 'Another version of this type was published at the same moment', 413: 'The document is larger than 2 MB' },
    response: { status: 201, description: 'The new version, now the current one', schema: publishedLegalSchema },
    handle: async ({ upload }, ctx) => {
      const form = await readSmallForm(upload, { what: 'document', maxBytes: MAX_LEGAL_DOCUMENT_BYTES + 64 * 1024, fields: ['documentType', 'markdown'], files: ['file'] });
      const type = legalDocumentTypeSchema.safeParse(form.fields.documentType);
      if (!type.success) throw fieldError('unprocessable', 'documentType', 'choose Terms & Conditions, Privacy Policy or Cookie Policy');
      const markdown = form.fields.markdown;
      const file = form.files.file;
      if (file && markdown?.trim()) throw fieldError('unprocessable', 'file', 'give the text or a file, not both');
      if (file) return publishLegalVersion(ctx.scope, { documentType: type.data, fileName: file.name, bytes: file.bytes });
      if (!markdown?.trim()) throw fieldError('unprocessable', 'markdown', 'write the document or choose a file');
      if (markdown.length > MAX_LEGAL_MARKDOWN_CHARS) throw fieldError('payload_too_large', 'markdown', `must be at most ${MAX_LEGAL_MARKDOWN_CHARS} characters`);
      try {
        return await publishLegalVersion(ctx.scope, { documentType: type.data, fileName: 'document.md', bytes: new TextEncoder().encode(markdown) });
      } catch (err) {
        // The text's problems are the text field's, not a file's.
        if (err instanceof Error && (err as { field?: string }).field === 'file') throw fieldError('unprocessable', 'markdown', err.message.replace(/^file: document\.md /, 'the text '));
        throw err;
      }
    },
  }),
  consoleLegalDocumentRoute,
];
