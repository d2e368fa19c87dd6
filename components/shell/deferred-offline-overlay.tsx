'use client';
import { afterHydration } from './lazy';

// The offline overlay (offline-overlay.tsx), asked for as soon as the page is interactive: the
// server renders nothing for it (a page that was served is online), so deferring it changes
// nothing a visitor sees, and keeps it out of every page's first-load JavaScript.
export const DeferredOfflineOverlay = afterHydration(() => import('./offline-overlay').then((m) => m.OfflineOverlay), 'offline overlay');
