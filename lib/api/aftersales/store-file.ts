import 'server-only';
import { createHash } from 'node:crypto';
import { files } from '@/lib/db/schema';
import { checkUpload, type MediaType } from '@/lib/domain/files';
import { randomId } from '@/lib/ids';
import { ApiError } from '../errors';
import type { DbOrTx } from './db';
import type { Upload } from './read-upload-form';

// Uploaded files are checked by their bytes (lib/domain/files.ts) and kept in the database under
// a generated id; the customer's file name is kept only, sanitised, for the download header.

const STATUS_CODE = { 413: 'payload_too_large', 415: 'unsupported_media_type', 422: 'unprocessable' } as const;

export type CheckedUpload = { upload: Upload; mediaType: MediaType; contentType: string; name: string };

/** Checks every upload first, so a bad one is refused before anything is stored. */
export function checkUploads(uploads: Upload[], allowed: readonly MediaType[]): CheckedUpload[] {
  return uploads.map((u) => {
    const r = checkUpload(u.field, u, allowed);
    if (!r.ok) throw new ApiError(STATUS_CODE[r.status], r.message);
    return { upload: u, mediaType: r.kind.mediaType, contentType: r.kind.contentType, name: r.name };
  });
}

export async function storeFile(db: DbOrTx, clientId: string, customerId: string, f: CheckedUpload) {
  const id = randomId('fl', 24);
  const row = {
    id,
    clientId,
    customerId,
    mediaType: f.mediaType,
    contentType: f.contentType,
    size: f.upload.bytes.length,
    originalName: f.name,
    sha256: createHash('sha256').update(f.upload.bytes).digest('hex'),
    bytes: f.upload.bytes,
  };
  await db.insert(files).values(row);
  return row;
}

/** What an answer says about a file; the bytes are at `url`. */
export function toFileRef(f: { id: string; originalName: string; mediaType: MediaType; contentType: string; size: number }) {
  return { fileId: f.id, name: f.originalName, mediaType: f.mediaType, contentType: f.contentType, size: f.size, url: `/api/customer/files/${f.id}` };
}
