'use client';
import { useEffect } from 'react';
import { useBrowserValue } from '@/lib/client/navigate';
import { useDebouncedResize } from '@/lib/client/use-debounced-resize';
import { needsOrientationPrompt } from '@/lib/client/device';
import { watchChunkLoads } from '@/lib/client/chunk-timeout';
import { reloadForMissingChunks } from '@/lib/client/chunk-reload';
import { useBrand } from './brand-context';
import { DocumentTitle } from './document-title';
import { NavigationProgress } from './navigation-progress';

// The orientation prompt of spec section 2 for mobile devices in landscape (the offline overlay
// is offline-overlay.tsx, loaded as soon as the page is interactive). The debounced size also sets --app-height, so
// full screens fit mobile browsers whose toolbars change the visible height. With them, loaded
// after the page too, the tab's title per screen, the navigation progress bar and the spec's
// 120 s chunk-load timeout (lib/client/chunk-timeout.ts) and the one reload for a missing chunk
// that reached the error screen (lib/client/chunk-reload.ts).

export function ShellEffects() {
  const size = useDebouncedResize();
  const userAgent = useBrowserValue(() => navigator.userAgent, '');

  useEffect(() => {
    if (size) document.documentElement.style.setProperty('--app-height', `${size.height}px`);
  }, [size]);

  useEffect(() => watchChunkLoads(), []);
  useEffect(() => reloadForMissingChunks(), []);

  const brand = useBrand();
  const turn = size !== undefined && needsOrientationPrompt(userAgent, size.width, size.height);
  return (
    <>
      <DocumentTitle brand={brand.organizationName} />
      <NavigationProgress />
      {turn && (
        <div role="alert" className="fixed inset-0 z-50 flex items-center justify-center bg-white p-6 text-center">
          <p className="text-xl font-semibold text-gray-900">Please change your mobile orientation</p>
        </div>
      )}
    </>
  );
}
