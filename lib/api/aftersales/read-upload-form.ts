import 'server-only';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { assertCleanFormText } from '../request-guards';

// Reads a multipart/form-data body: text fields and the files of the named file fields. The
// declared Content-Length is checked before anything is read, so an oversized body is refused
// without buffering it.

export type Upload = { field: string; name: string; declaredType: string; bytes: Uint8Array };
export type UploadForm = { fields: Record<string, string>; files: Upload[] };

export async function readUploadForm(c: AppContext, opts: { fileFields: readonly string[]; maxBytes: number; what: string }): Promise<UploadForm> {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'multipart/form-data') throw new ApiError('unsupported_media_type', `Send the ${opts.what} as multipart/form-data`);
  const length = Number(c.req.header('content-length'));
  if (!Number.isFinite(length) || length <= 0) throw new ApiError('bad_request', 'Content-Length is required');
  if (length > opts.maxBytes) {
    throw new ApiError('payload_too_large', `The ${opts.what} is too large (at most ${Math.floor(opts.maxBytes / (1024 * 1024))} MB in all)`);
  }
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    throw new ApiError('bad_request', `The ${opts.what} form could not be read`);
  }
  const fields: Record<string, string> = {};
  const files: Upload[] = [];
  for (const [name, value] of form.entries()) {
    assertCleanFormText(name, typeof value === 'string' ? `${name}${value}` : `${name}${value.name}${value.type}`);
    if (opts.fileFields.includes(name)) {
      if (typeof value === 'string') throw new ApiError('unprocessable', `${name}: must be a file`);
      // A form with no file chosen still sends an empty part with no name.
      if (value.size === 0 && value.name === '') continue;
      files.push({ field: name, name: value.name, declaredType: value.type, bytes: new Uint8Array(await value.arrayBuffer()) });
    } else if (typeof value === 'string') {
      if (name in fields) throw new ApiError('unprocessable', `${name}: give it once`);
      fields[name] = value;
    } else throw new ApiError('unprocessable', `${name}: must be text, not a file`);
  }
  return { fields, files };
}
