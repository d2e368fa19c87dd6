import 'server-only';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { assertCleanFormText } from '../request-guards';
import { REPORT_PHOTO_MAX_BYTES } from '@/lib/schemas/verify';
import type { ReportInput } from './submit-report';

// Reads the multipart body of POST /api/report, refusing an oversized body before reading it.

const BODY_MAX_BYTES = REPORT_PHOTO_MAX_BYTES + 64 * 1024; // the photo plus the text fields

export async function readReportForm(c: AppContext): Promise<ReportInput> {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'multipart/form-data') throw new ApiError('unsupported_media_type', 'Send the report as multipart/form-data');
  const length = Number(c.req.header('content-length'));
  if (!Number.isFinite(length) || length <= 0) throw new ApiError('bad_request', 'Content-Length is required');
  if (length > BODY_MAX_BYTES) throw new ApiError('payload_too_large', 'photo: must be at most 5 MB');
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    throw new ApiError('bad_request', 'The report form could not be read');
  }
  const fields: Record<string, string> = {};
  let photo: Uint8Array | null = null;
  for (const [name, value] of form.entries()) {
    assertCleanFormText(name, typeof value === 'string' ? `${name}${value}` : `${name}${value.name}${value.type}`);
    if (name === 'photo') {
      if (typeof value === 'string') throw new ApiError('unprocessable', 'photo: must be a file');
      // A form with no file chosen still sends an empty, nameless part.
      if (value.size > 0) photo = Buffer.from(await value.arrayBuffer());
    } else if (typeof value === 'string') fields[name] = value;
    else throw new ApiError('unprocessable', `${name}: must be text`);
  }
  return { fields, photo };
}
