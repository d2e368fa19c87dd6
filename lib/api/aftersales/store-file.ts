import 'server-only';
import { files } from '@/lib/db/schema';
import type { MediaType } from '@/lib/domain/files';
import { randomId } from '@/lib/ids';
import type { DbOrTx } from './db';
import type { StoredUpload } from './read-upload-form';

// An upload already in the file store (read-upload-form.ts) gets its files row: a generated id,
// the store key, size and hash; the customer's file name is kept only, sanitised, for the
// download header.

export async function storeFile(db: DbOrTx, clientId: string, customerId: string, f: StoredUpload) {
  const row = {
    id: randomId('fl', 24),
    clientId,
    customerId,
    mediaType: f.mediaType,
    contentType: f.contentType,
    size: f.size,
    originalName: f.name,
    sha256: f.sha256,
    storageKey: f.key,
  };
  await db.insert(files).values(row);
  return row;
}

/** What an answer says about a file; the bytes are at `url`. */
export function toFileRef(f: { id: string; originalName: string; mediaType: MediaType; contentType: string; size: number }) {
  return { fileId: f.id, name: f.originalName, mediaType: f.mediaType, contentType: f.contentType, size: f.size, url: `/api/customer/files/${f.id}` };
}
