'use client';
import dynamic from 'next/dynamic';

// The shell's browser-only overlays (offline, orientation) and the --app-height measure load
// after the page: the server renders nothing for them (online, size unknown), so deferring
// them changes nothing a visitor sees at first paint and keeps them out of every page's
// first-load JavaScript.
const ShellEffects = dynamic(() => import('./shell-effects').then((m) => m.ShellEffects), { ssr: false });

export function DeferredShellEffects() {
  return <ShellEffects />;
}
