'use client';
import type { ReactNode } from 'react';
import { isEmbedded, useBrowserValue } from '@/lib/client/navigate';

/** Its children, except inside a frame of another page (the brand's embedding app). */
export function HiddenWhenEmbedded({ children }: { children: ReactNode }) {
  const embedded = useBrowserValue(() => isEmbedded(window), false);
  return embedded ? null : children;
}
