import 'server-only';
import type { UploadRequest } from '../route-context';
import { fieldError } from '@/lib/errors';
import { sniffFile, sanitizeFileName } from '@/lib/domain/files';
import { REPORT_PHOTO_MAX_BYTES } from '@/lib/schemas/verify';
import { readUploadForm, type FileRule } from '../aftersales/read-upload-form';
import { sniffImage, type ReportInput } from './submit-report';

// Reads the multipart body of POST /api/report: the photo streams into the file store, checked
// by its first bytes and counted as it arrives (read-upload-form.ts); an oversized body is
// refused before it is read.

const BODY_MAX_BYTES = REPORT_PHOTO_MAX_BYTES + 64 * 1024; // the photo plus the text fields
const TOO_LARGE = 'photo: must be at most 5 MB';

const photoRule: FileRule = {
  maxFiles: 1,
  tooMany: 'photo: send one photo',
  inspect({ name, head }) {
    const contentType = sniffImage(head);
    if (!contentType) throw fieldError('unsupported_media_type', 'photo', 'must be a PNG, JPEG or WebP image');
    return { mediaType: 'image', contentType, name: sanitizeFileName(name, sniffFile(head)), maxBytes: REPORT_PHOTO_MAX_BYTES, tooLarge: TOO_LARGE };
  },
};

/** `reservation`: the form's quota reservation, for usingUploads to hand back. */
export async function readReportForm(req: UploadRequest, owner: { clientId: string; customerId: string }): Promise<ReportInput & { reservation?: string | null }> {
  const form = await readUploadForm(req, { fileFields: { photo: photoRule }, maxBytes: BODY_MAX_BYTES, tooLarge: TOO_LARGE, what: 'report', owner });
  return { fields: form.fields, photo: form.files[0] ?? null, reservation: form.reservation };
}
