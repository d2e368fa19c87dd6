'use client';
import { useEffect } from 'react';

// Marks the console's page interactive once React hydrated it (as the brand shell's providers do),
// so end-to-end tests type only when keystrokes are no longer lost.
export function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
