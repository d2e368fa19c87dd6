'use client';
import { useEffect } from 'react';

// Locks page scrolling (body.scroll-locked, app/globals.css) while `locked`; unlocks at once after.
export const SCROLL_LOCK_CLASS = 'scroll-locked';

export function useScrollLock(locked: boolean) {
  useEffect(() => {
    if (!locked) return;
    document.body.classList.add(SCROLL_LOCK_CLASS);
    return () => document.body.classList.remove(SCROLL_LOCK_CLASS);
  }, [locked]);
}
