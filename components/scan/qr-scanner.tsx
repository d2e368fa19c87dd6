'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useBrand } from '@/components/shell/brand-context';
import { useT } from '@/components/shell/i18n-context';
import type { MessageKey } from '@/lib/shared/i18n';
import { afterHydration } from '@/components/shell/lazy';
import { loadRecognition } from './load-recognition';
import { useQrCamera, type CameraState } from './use-qr-camera';
import { ManualCodeForm } from './manual-code-form';
import { LocationConsent, withLocation, type Coarse } from './location-consent';

// /qr-scan: the camera scans; a link of this brand (any verify route, on this host) opens its
// verdict, anything else gets a clear message and is never followed. Without a camera, or when
// it is refused, the code can be typed instead (and, for brands with authentication codes, the
// code under the scratch-off).

// The form for the code under the scratch-off, only for brands that use such codes, loaded once the
// page is interactive (it works only with scripts, as the camera does): no scan page downloads it
// before its first paint. The screen's content for those brands: a chunk that does not load shows
// the error screen (and reloads the page once) rather than leaving the form out.
const AuthCodeForm = afterHydration(() => import('./auth-code-form').then((m) => m.AuthCodeForm), 'scratch-off code form', { content: true });

const CAMERA_MESSAGES: Record<CameraState, MessageKey> = {
  starting: 'scan.cameraStarting',
  scanning: 'scan.cameraScanning',
  unavailable: 'scan.cameraUnavailable',
  refused: 'scan.cameraRefused',
  'no-camera': 'scan.cameraNoCamera',
  busy: 'scan.cameraBusy',
  failed: 'scan.cameraFailed',
  stopped: 'scan.cameraStopped',
};
const CAMERA_PROBLEMS: CameraState[] = ['unavailable', 'refused', 'no-camera', 'busy', 'failed'];

// `visitor`: the scanner a shopper without an account reaches by "Scan again" (on /info): codes
// open their anonymous pages, never a detour through sign-in for the visible code.
export function QrScanner({ visitor = false }: { visitor?: boolean } = {}) {
  const brand = useBrand();
  const t = useT();
  const router = useRouter();
  const video = useRef<HTMLVideoElement>(null);
  const [refusal, setRefusal] = useState<string>();
  const [location, setLocation] = useState<Coarse>();
  const lastText = useRef<string>(undefined);
  const leaving = useRef(false);
  const onTextRef = useRef<(text: string) => void>(() => undefined);
  const { state, stop } = useQrCamera(video, onTextRef);

  // The link recognition arrives after the first paint (fetched at once, needed only when a
  // code is read or typed).
  useEffect(() => {
    void loadRecognition().catch(() => undefined);
  }, []);

  const open = useCallback(
    async (path: string) => {
      leaving.current = true;
      stop();
      const { signedInPathOf, visitorPathOf } = await loadRecognition();
      router.push(withLocation(visitor ? visitorPathOf(path) : signedInPathOf(path), location));
    },
    [router, location, stop, visitor],
  );

  const onText = useCallback(
    async (text: string) => {
      if (leaving.current || text === lastText.current) return;
      lastText.current = text;
      const recognition = await loadRecognition().catch(() => undefined);
      if (!recognition) {
        lastText.current = undefined; // not arrived (connection lost): the next frame tries again
        return;
      }
      const found = recognition.recognizeCode(text, window.location.host, null);
      if (found.kind === 'ours') return open(found.path);
      setRefusal(
        found.kind === 'other-site'
          ? t('scan.notOursHost', { brand: brand.organizationName, host: found.host })
          : t('scan.notOurs', { brand: brand.organizationName }),
      );
    },
    [brand.organizationName, open, t],
  );
  useEffect(() => {
    onTextRef.current = onText;
  }, [onText]);
  const problem = CAMERA_PROBLEMS.includes(state);

  return (
    <div className="mx-auto w-full max-w-md px-4 py-6">
      <h1 id="page-title" tabIndex={-1} className="mb-2 text-2xl font-bold text-gray-900">{t('module.scan')}</h1>
      <p className="mb-4 text-gray-800">{t('scan.pageIntro', { brand: brand.organizationName })}</p>
      <video
        ref={video}
        hidden={problem}
        aria-label={t('scan.cameraView')}
        muted
        playsInline
        className="aspect-square w-full rounded-xl bg-gray-900 object-cover"
      />
      <p role="status" aria-live="polite" className={`mt-3 font-medium ${problem ? 'text-red-800' : 'text-gray-900'}`} data-testid="camera-status">
        {t(CAMERA_MESSAGES[state])}
      </p>
      <div aria-live="assertive" className="mt-3">
        {refusal && (
          <p role="alert" className="rounded-md border-l-4 border-red-700 bg-red-50 p-3 font-medium text-red-900" data-testid="scan-refusal">
            {refusal}
          </p>
        )}
      </div>
      <LocationConsent value={location} onChange={setLocation} />
      <ManualCodeForm brandName={brand.organizationName} onOpen={open} />
      {brand.isVTCodesEnabled && !visitor && <AuthCodeForm />}
    </div>
  );
}
