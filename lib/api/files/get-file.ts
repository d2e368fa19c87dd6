import 'server-only';
import { Readable } from 'node:stream';
import { and, eq, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { files } from '@/lib/db/schema';
import { fileStore } from '@/lib/files';
import { notFound } from '@/lib/errors';

// A file of this customer at this brand; anyone else's, and an erased one, is 404.
export async function getFile(clientId: string, customerId: string, fileId: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.clientId, clientId), eq(files.customerId, customerId), isNull(files.erasedAt)));
  if (!row) throw notFound('File');
  return row;
}

/**
 * The file's bytes as a stream, from the file store, or from the row itself for files stored
 * before migration 0007 (they stay in the database and keep working).
 */
export async function openFile(row: { storageKey: string | null; bytes: Uint8Array | null }): Promise<{ body: Readable; size: number }> {
  if (row.storageKey) {
    const object = await fileStore().get(row.storageKey);
    if (!object) throw notFound('File');
    return object;
  }
  if (row.bytes) return { body: Readable.from([Buffer.from(row.bytes)]), size: row.bytes.byteLength };
  throw notFound('File');
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
