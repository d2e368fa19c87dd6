'use client';
import { useEffect, useSyncExternalStore } from 'react';

// The grey-scale overlay while offline (spec section 2). It is loaded as soon as the page is
// interactive (deferred-offline-overlay.tsx), out of the first-load JavaScript but asked for at
// once, while the page that just loaded is still online: a connection that drops later finds it there.

function subscribeOnline(cb: () => void) {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
}

export function OfflineOverlay() {
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
  useEffect(() => {
    document.documentElement.classList.toggle('offline', !online);
  }, [online]);
  if (online) return null;
  return (
    <div role="alert" data-testid="offline-overlay" className="fixed inset-0 z-50 flex items-end justify-center bg-gray-500/40 p-6 grayscale">
      <p className="rounded-md bg-gray-900 px-4 py-2 text-white">You are offline. The app will be back when the connection returns.</p>
    </div>
  );
}
