import { BrowserQRCodeReader, HTMLCanvasElementLuminanceSource } from '@zxing/browser';
import { BinaryBitmap, HybridBinarizer, RGBLuminanceSource } from '@zxing/library';

// The QR reader of /qr-scan, with the decoder it is built on: use-qr-camera.ts imports this module
// only once the camera is about to start, so none of it (the decoder nor the frame turning below)
// is in the page's first-load JavaScript.

/**
 * The frame as an attempt reads it, in quarter turns clockwise: upright, then turned a quarter,
 * a half and three quarters, and round again. The zxing QR detector misses some codes held
 * upright (it settles on a finder-like pattern in the data and drops a real corner, the same
 * way on every frame of a steady hand), yet finds them turned; cycling one turn per attempt
 * keeps each attempt as cheap as before on a slow phone.
 */
export function quarterTurnsOf(attempt: number): number {
  return attempt % 4;
}

/** A grey-scale frame (`luma`, `width` × `height`, row by row) turned clockwise by `quarters` quarter turns. */
export function turnLuminance(luma: Uint8ClampedArray, width: number, height: number, quarters: number) {
  const q = ((quarters % 4) + 4) % 4;
  if (q === 0) return { luma, width, height };
  const sideways = q % 2 === 1;
  const outWidth = sideways ? height : width;
  const outHeight = sideways ? width : height;
  const out = new Uint8ClampedArray(luma.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // where (x, y) lands: a quarter turn clockwise sends it to (height-1-y, x)
      const [tx, ty] = q === 1 ? [height - 1 - y, x] : q === 2 ? [width - 1 - x, height - 1 - y] : [y, width - 1 - x];
      out[ty * outWidth + tx] = luma[y * width + x]!;
    }
  }
  return { luma: out, width: outWidth, height: outHeight };
}

/** A QR reader whose each scan attempt reads the frame at the next quarter turn (see quarterTurnsOf). */
export class TurningQRCodeReader extends BrowserQRCodeReader {
  private attempt = 0;
  override decodeFromCanvas(canvas: HTMLCanvasElement) {
    const quarters = quarterTurnsOf(this.attempt++);
    if (quarters === 0) return super.decodeFromCanvas(canvas);
    const upright = new HTMLCanvasElementLuminanceSource(canvas);
    const turned = turnLuminance(upright.getMatrix(), canvas.width, canvas.height, quarters);
    return this.decodeBitmap(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(turned.luma, turned.width, turned.height))));
  }
}
