'use client';
import { splitChunk } from '@/components/shell/lazy';

// The in-page embedding guard, in its own chunk: only brands that require embedding render it,
// so no other brand's visitors download it. Rendered on the server too (no flash of content).
export const LazyEmbedGuard = splitChunk(() => import('./embed-guard').then((m) => m.EmbedGuard));
