import 'server-only';
import path from 'node:path';
import { fieldError } from '@/lib/errors';
import type { LegalDocumentFormat } from '@/lib/schemas/legal';

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
