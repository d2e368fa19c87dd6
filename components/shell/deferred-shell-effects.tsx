'use client';
import { afterHydration } from './lazy';

// The shell's orientation prompt and the --app-height measure load after the page (as the offline
// overlay does: deferred-offline-overlay.tsx): the server renders nothing for them (online, size unknown), so deferring
// them changes nothing a visitor sees at first paint and keeps them out of every page's
// first-load JavaScript.
export const DeferredShellEffects = afterHydration(() => import('./shell-effects').then((m) => m.ShellEffects), 'shell effects');
