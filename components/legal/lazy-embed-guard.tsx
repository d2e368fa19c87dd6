'use client';
import { afterHydration } from '@/components/shell/lazy';

// The in-page embedding guard, in its own chunk, loaded once the page is interactive: only brands
// that require embedding render it, so no other brand's visitors download it, and no page carries
// next/dynamic's loader in its first-load JavaScript for it. The server has already decided what
// it can (the blocked screen, the CSP's frame-ancestors); the guard adds what only the browser
// knows (the frame's parent), hiding the app's content (EMBEDDED_CONTENT_ID) when that is wrong.
export const EMBEDDED_CONTENT_ID = 'embedded-app';
export const LazyEmbedGuard = afterHydration(() => import('./embed-guard').then((m) => m.EmbedGuard), 'embedding guard');
