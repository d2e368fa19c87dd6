'use client';
import { useEffect, useState } from 'react';

export const RESIZE_DEBOUNCE_MS = 250;
export type ViewportSize = { width: number; height: number };

/** The window size, updated at most once per quiet 250 ms of resizing (spec section 9). */
export function useDebouncedResize(delay = RESIZE_DEBOUNCE_MS): ViewportSize | undefined {
  const [size, setSize] = useState<ViewportSize>();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const measure = () => setSize({ width: window.innerWidth, height: window.innerHeight });
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(measure, delay);
    };
    measure();
    window.addEventListener('resize', onResize);
    window.addEventListener('orientationchange', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
      window.removeEventListener('orientationchange', onResize);
    };
  }, [delay]);
  return size;
}
