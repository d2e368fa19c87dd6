import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { files } from '@/lib/db/schema';
import { notFound } from '../errors';

// A file of this customer at this brand; anyone else's is 404.
export async function getFile(clientId: string, customerId: string, fileId: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.clientId, clientId), eq(files.customerId, customerId)));
  if (!row) throw notFound('File');
  return row;
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
