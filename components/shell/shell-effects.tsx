'use client';
import { useEffect, useSyncExternalStore } from 'react';
import { useBrowserValue } from '@/lib/client/navigate';
import { useDebouncedResize } from '@/lib/client/use-debounced-resize';
import { needsOrientationPrompt } from '@/lib/client/device';

// Whole-app overlays of spec section 2: the orientation prompt for mobile devices in landscape
// and the grey-scale overlay while offline. The debounced size also sets --app-height, so full
// screens fit mobile browsers whose toolbars change the visible height.

function subscribeOnline(cb: () => void) {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
}

export function ShellEffects() {
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
  const size = useDebouncedResize();
  const userAgent = useBrowserValue(() => navigator.userAgent, '');

  useEffect(() => {
    document.documentElement.classList.toggle('offline', !online);
  }, [online]);
  useEffect(() => {
    if (size) document.documentElement.style.setProperty('--app-height', `${size.height}px`);
  }, [size]);

  const turn = size !== undefined && needsOrientationPrompt(userAgent, size.width, size.height);
  return (
    <>
      {!online && (
        <div role="alert" data-testid="offline-overlay" className="fixed inset-0 z-50 flex items-end justify-center bg-gray-500/40 p-6 grayscale">
          <p className="rounded-md bg-gray-900 px-4 py-2 text-white">You are offline. The app will be back when the connection returns.</p>
        </div>
      )}
      {turn && (
        <div role="alert" className="fixed inset-0 z-50 flex items-center justify-center bg-white p-6 text-center">
          <p className="text-xl font-semibold text-gray-900">Please change your mobile orientation</p>
        </div>
      )}
    </>
  );
}
