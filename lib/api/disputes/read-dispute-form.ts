import 'server-only';
import { FILE_LIMITS } from '@/lib/domain/files';
import type { UploadRequest } from '../route-context';
import { mediaField, readUploadForm, type UploadForm } from '../aftersales/read-upload-form';

// Reads the multipart body of POST /api/disputes: the photo of the pack streams into the file
// store, its kind decided by its first bytes (lib/domain/files.ts: an image, whatever its name or
// declared type says) and its size counted as it arrives (at most 5 MB); an oversized body is
// refused before it is read.

const BODY_MAX_BYTES = FILE_LIMITS.image + 64 * 1024; // the photo plus the text fields

export function readDisputeForm(req: UploadRequest, owner: { clientId: string; customerId: string }): Promise<UploadForm> {
  return readUploadForm(req, {
    fileFields: { photo: mediaField('photo', ['image'], 1, 'photo: send one photo') },
    maxBytes: BODY_MAX_BYTES,
    tooLarge: 'photo: image files must be at most 5 MB',
    what: 'dispute',
    owner,
  });
}
