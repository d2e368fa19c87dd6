'use client';
import dynamic from 'next/dynamic';

// The in-page embedding guard, in its own chunk: only brands that require embedding render it,
// so no other brand's visitors download it. Rendered on the server too (no flash of content).
export const LazyEmbedGuard = dynamic(() => import('./embed-guard').then((m) => m.EmbedGuard));
