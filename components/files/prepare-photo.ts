import type { Translate } from '@/lib/shared/i18n';
import { MB, kindOf } from './file-rules';

// Photos are made smaller in the browser before they are sent: a phone camera's 8–12 MB JPEG
// would be refused by the server's 5 MB image limit (and take minutes on a slow connection).
// The photo is drawn on a canvas at most LONG_SIDE pixels on its long side (turned upright by
// its EXIF orientation) and encoded as JPEG, lowering the quality, then the size, until it fits
// under the target. PDFs, videos and GIFs (which may be animated) are sent as chosen; the
// server checks every file by its content either way (docs/after-sales.md "Files").

const LIMITS = { image: 5 * MB, pdf: 10 * MB, video: 25 * MB } as const;
export type PreparedKind = keyof typeof LIMITS;

/** What a photo is shrunk to when larger: small enough for a slow connection, sharp enough for an invoice. */
export const PHOTO_TARGET_BYTES = 1.5 * MB;
const LONG_SIDE = 2048;
const SHRINKABLE = ['image/jpeg', 'image/png', 'image/webp'];

export type Prepared =
  | { ok: true; file: File; shrunk: boolean }
  | { ok: false; problem: 'type' | 'empty' | 'tooLarge' | 'unreadable'; limitMb: number };

function canvasOf(width: number, height: number): { canvas: HTMLCanvasElement; ctx: CanvasRenderingContext2D } | undefined {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  return ctx ? { canvas, ctx } : undefined;
}

const toJpeg = (canvas: HTMLCanvasElement, quality: number) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));

/** The photo as a JPEG under `target` bytes, or undefined when this browser cannot decode or draw it. */
export async function shrinkPhoto(file: Blob, target = PHOTO_TARGET_BYTES): Promise<Blob | undefined> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return undefined;
  }
  try {
    let scale = Math.min(1, LONG_SIDE / Math.max(bitmap.width, bitmap.height));
    for (let round = 0; round < 6; round++) {
      const w = Math.max(1, Math.round(bitmap.width * scale));
      const h = Math.max(1, Math.round(bitmap.height * scale));
      const drawn = canvasOf(w, h);
      if (!drawn) return undefined;
      drawn.ctx.fillStyle = '#fff'; // a transparent PNG gets a white ground, not black
      drawn.ctx.fillRect(0, 0, w, h);
      drawn.ctx.drawImage(bitmap, 0, 0, w, h);
      for (const quality of [0.85, 0.72, 0.6]) {
        const blob = await toJpeg(drawn.canvas, quality);
        if (!blob) return undefined;
        if (blob.size <= target) return blob;
      }
      scale *= 0.75;
    }
    return undefined;
  } finally {
    bitmap.close();
  }
}

/**
 * Checks a file as soon as it is chosen and shrinks a photo that is larger than the target:
 * a wrong type, an empty file, a PDF or video over its limit, or a photo this browser cannot
 * read is refused at once, before anything is sent.
 */
export async function prepareUpload(file: File, allowed: readonly PreparedKind[]): Promise<Prepared> {
  const kind = kindOf(file);
  if (!kind || !allowed.includes(kind)) return { ok: false, problem: 'type', limitMb: 0 };
  const limitMb = LIMITS[kind] / MB;
  if (file.size === 0) return { ok: false, problem: 'empty', limitMb };
  const shrinkable = kind === 'image' && SHRINKABLE.includes(file.type.toLowerCase());
  if (shrinkable && file.size > PHOTO_TARGET_BYTES) {
    const small = await shrinkPhoto(file);
    if (!small) return file.size <= LIMITS.image ? { ok: true, file, shrunk: false } : { ok: false, problem: 'unreadable', limitMb };
    const name = `${file.name.replace(/\.[a-z0-9]{1,8}$/i, '') || 'photo'}.jpg`;
    return { ok: true, file: new File([small], name, { type: 'image/jpeg', lastModified: file.lastModified }), shrunk: true };
  }
  if (file.size > LIMITS[kind]) return { ok: false, problem: 'tooLarge', limitMb };
  return { ok: true, file, shrunk: false };
}

/** A photo for the report form: the file to send, or why it is refused, in the page's language. */
export async function choosePhoto(file: File, t: Translate): Promise<File | string> {
  const prepared = await prepareUpload(file, ['image']);
  if (prepared.ok) return prepared.file;
  if (prepared.problem === 'tooLarge') return t('report.photoTooLarge');
  return t(prepared.problem === 'type' ? 'files.notAPhoto' : 'files.unreadable', { name: file.name });
}
