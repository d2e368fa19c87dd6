import 'server-only';
import { Readable } from 'node:stream';
import { getDb } from '@/lib/db/client';
import { productImages } from '@/lib/db/schema';
import { checkUpload } from '@/lib/domain/files';
import { ApiError } from '@/lib/errors';
import { fileStore } from '@/lib/files';
import { randomId } from '@/lib/ids';
import { productImagePath, type ProductImage } from '@/lib/schemas/console-catalogue';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';

const UPLOAD_STATUS = { 413: 'payload_too_large', 415: 'unsupported_media_type', 422: 'unprocessable' } as const;

/** Stores an uploaded product image after checking by its bytes that it is a PNG, JPEG, WebP or GIF. */
export async function uploadProductImage(scope: ConsoleScope, file: { name: string; declaredType?: string; bytes: Uint8Array }): Promise<ProductImage> {
  const check = checkUpload('image', file, ['image']);
  if (!check.ok) throw new ApiError(UPLOAD_STATUS[check.status], check.message, undefined, 'image');
  const stored = await fileStore().put(Readable.from([Buffer.from(file.bytes)]));
  const id = randomId('img', 16);
  const db = await getDb();
  try {
    await db.transaction(async (tx) => {
      await tx.insert(productImages).values({
        id,
        clientId: scope.clientId,
        contentType: check.kind.contentType,
        size: stored.size,
        sha256: stored.sha256,
        originalName: check.name,
        storageKey: stored.key,
      });
      await recordAudit(tx, scope, { action: 'product.image.upload', target: id, after: { name: check.name, contentType: check.kind.contentType, size: stored.size } });
    });
  } catch (err) {
    await fileStore().delete(stored.key).catch(() => undefined);
    throw err;
  }
  return { id, url: productImagePath(id), contentType: check.kind.contentType, size: stored.size, name: check.name };
}
