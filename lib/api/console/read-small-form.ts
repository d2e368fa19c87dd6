import 'server-only';
import { ApiError, fieldError } from '@/lib/errors';
import type { UploadRequest } from '../route-context';
import { assertCleanFormText } from '../request-guards';

// A small multipart/form-data body of the console (a product image, a legal document): the
// declared length is checked before anything is read, then the form is read whole. Text fields
// and files are told apart, unknown fields refused; each file is checked by its use case.

export type SmallForm = { fields: Record<string, string>; files: Record<string, { name: string; type: string; bytes: Uint8Array }> };

export async function readSmallForm(
  upload: UploadRequest,
  opts: { what: string; maxBytes: number; fields: readonly string[]; files: readonly string[] },
): Promise<SmallForm> {
  const type = upload.contentType?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'multipart/form-data') throw new ApiError('unsupported_media_type', `Send the ${opts.what} as multipart/form-data`);
  const length = Number(upload.contentLength);
  if (!Number.isFinite(length) || length <= 0) throw new ApiError('bad_request', 'Content-Length is required');
  if (length > opts.maxBytes) throw new ApiError('payload_too_large', `The ${opts.what} is too large (at most ${Math.floor(opts.maxBytes / (1024 * 1024))} MB)`);
  if (!upload.body) throw new ApiError('bad_request', `The ${opts.what} form could not be read`);
  let form: FormData;
  try {
    form = await new Response(upload.body, { headers: { 'content-type': upload.contentType! } }).formData();
  } catch {
    throw new ApiError('bad_request', `The ${opts.what} form could not be read`);
  }
  const out: SmallForm = { fields: {}, files: {} };
  for (const [name, value] of form.entries()) {
    const isFile = typeof value !== 'string';
    if (!opts.fields.includes(name) && !opts.files.includes(name)) throw fieldError('unprocessable', name, 'is not a field of this form');
    if (name in out.fields || name in out.files) throw fieldError('unprocessable', name, 'give it once');
    if (isFile) {
      if (!opts.files.includes(name)) throw fieldError('unprocessable', name, 'must be text, not a file');
      const file = value as File;
      assertCleanFormText(name, `${file.name}${file.type}`);
      // A form sent with no file chosen holds an empty part with no name: as if absent.
      if (!file.name && file.size === 0) continue;
      out.files[name] = { name: file.name, type: file.type, bytes: new Uint8Array(await file.arrayBuffer()) };
    } else {
      if (!opts.fields.includes(name)) throw fieldError('unprocessable', name, 'must be a file');
      assertCleanFormText(name, value);
      out.fields[name] = value;
    }
  }
  return out;
}
