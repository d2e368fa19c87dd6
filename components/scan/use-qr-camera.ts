'use client';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

// The camera half of /qr-scan: @zxing/browser (and its @zxing/library) is imported here,
// dynamically, so only this page loads it. The rear camera is preferred; the camera stops when
// the page is left.

export type CameraState = 'starting' | 'scanning' | 'unavailable' | 'refused' | 'no-camera' | 'busy' | 'failed' | 'stopped';

export function cameraStateOf(err: unknown): CameraState {
  const name = typeof err === 'object' && err !== null && 'name' in err ? String((err as { name: unknown }).name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'refused';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'no-camera';
  if (name === 'CameraUnavailable') return 'unavailable';
  if (name === 'NotReadableError' || name === 'TrackStartError' || name === 'AbortError') return 'busy';
  return 'failed';
}

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

/** Starts scanning into `video`; `handler.current` gets each decoded text. Returns the state and a stop function. */
export function useQrCamera(video: RefObject<HTMLVideoElement | null>, handler: RefObject<(text: string) => void>) {
  const [state, setState] = useState<CameraState>('starting');
  const controls = useRef<{ stop: () => void } | undefined>(undefined);

  useEffect(() => {
    let left = false;
    const element = video.current;
    (async () => {
      try {
        // An insecure context (http on a real host) or a browser without cameras has no mediaDevices.
        if (!element || !window.isSecureContext || !navigator.mediaDevices?.getUserMedia) {
          throw Object.assign(new Error('No camera API here'), { name: 'CameraUnavailable' });
        }
        const [{ BrowserQRCodeReader, HTMLCanvasElementLuminanceSource }, { BinaryBitmap, HybridBinarizer, RGBLuminanceSource }] = await Promise.all([
          import('@zxing/browser'),
          import('@zxing/library'),
        ]);
        if (left) return;
        // Each scan attempt reads the frame at the next quarter turn (see quarterTurnsOf).
        class TurningQRCodeReader extends BrowserQRCodeReader {
          private attempt = 0;
          override decodeFromCanvas(canvas: HTMLCanvasElement) {
            const quarters = quarterTurnsOf(this.attempt++);
            if (quarters === 0) return super.decodeFromCanvas(canvas);
            const upright = new HTMLCanvasElementLuminanceSource(canvas);
            const turned = turnLuminance(upright.getMatrix(), canvas.width, canvas.height, quarters);
            return this.decodeBitmap(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(turned.luma, turned.width, turned.height))));
          }
        }
        const reader = new TurningQRCodeReader(undefined, { delayBetweenScanAttempts: 150 });
        const started = await reader.decodeFromConstraints(
          { audio: false, video: { facingMode: { ideal: 'environment' } } },
          element,
          (result) => {
            if (result) handler.current(result.getText());
          },
        );
        if (left) return started.stop();
        controls.current = started;
        setState('scanning');
      } catch (err) {
        if (!left) setState(cameraStateOf(err));
      }
    })();
    return () => {
      left = true;
      controls.current?.stop();
      controls.current = undefined;
    };
  }, [video, handler]);

  const stop = useCallback(() => {
    controls.current?.stop();
    controls.current = undefined;
    setState('stopped');
  }, []);
  return { state, stop };
}
