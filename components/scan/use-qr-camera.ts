'use client';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

// The camera half of /qr-scan: the reader (turning-reader.ts, with @zxing/browser and its
// @zxing/library) is imported here, dynamically, once the camera is about to start, so only this
// page loads it and not in its first-load JavaScript. The rear camera is preferred; the camera stops when
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
        const { TurningQRCodeReader } = await import('./turning-reader');
        if (left) return;
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
