import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { productImages } from '@/lib/db/schema';
import { notFound } from '@/lib/errors';
import { fileStore } from '@/lib/files';

/** An uploaded image of this brand with its bytes, or 404. */
export async function openProductImage(clientId: string, imageId: string) {
  const db = await getDb();
  const [row] = await db.select().from(productImages).where(and(eq(productImages.clientId, clientId), eq(productImages.id, imageId)));
  if (!row) throw notFound('Image');
  const object = await fileStore().get(row.storageKey);
  if (!object) throw notFound('Image');
  return { ...object, contentType: row.contentType, name: row.originalName };
}
