'use client';
import { useEffect, useState } from 'react';
import { usePathname } from 'next/navigation';
import { lastClick } from '@/lib/client/navigate';
import { useT } from './i18n-context';

// A thin bar at the top while the next screen loads: a client-side navigation keeps the current
// screen until the next is ready (docs/architecture.md, "Request paths"), which on a slow phone
// looked like a tap that did nothing. It shows from a tap on a link of this site to another
// screen until the screen changes; a progress bar by role, named for screen readers. A tap made
// before this bar loaded counts too: the page keeps its last click (lastClick, lib/client/navigate.ts).

/** The path a click on this event's link leads to, when it is a client-side navigation of this site. */
function internalTarget(ev: MouseEvent): string | undefined {
  // Not `defaultPrevented`: the router's links prevent the browser's navigation to make their own.
  if (ev.button !== 0 || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.altKey) return undefined;
  const a = (ev.target as Element | null)?.closest?.('a[href]');
  if (!(a instanceof HTMLAnchorElement) || (a.target && a.target !== '_self') || a.hasAttribute('download')) return undefined;
  const url = new URL(a.href, window.location.href);
  if (url.origin !== window.location.origin || url.pathname.startsWith('/api/')) return undefined;
  return url.pathname;
}

/** The path this click's navigation leaves (this screen's), when the click starts one. */
function navigationFrom(click: MouseEvent): string | null {
  const from = window.location.pathname;
  const to = internalTarget(click);
  return to !== undefined && to !== from ? from : null;
}

/** A navigation started before the bar loaded and still under way: its start. Read once: the click is forgotten. */
function pendingFrom(): string | null {
  const { click, state } = lastClick;
  delete lastClick.click;
  return click && history.state === state ? navigationFrom(click) : null;
}

export function NavigationProgress() {
  const t = useT();
  const pathname = usePathname();
  // The path the navigation started from: the bar shows while the screen is still that path.
  const [from, setFrom] = useState<string | null>(pendingFrom);
  // The screen changed: the navigation is over (React's way to reset state when a value changes).
  const [shown, setShown] = useState(pathname);
  if (shown !== pathname) {
    setShown(pathname);
    setFrom(null);
  }
  useEffect(() => {
    const onClick = (ev: MouseEvent) => {
      const started = navigationFrom(ev);
      if (started !== null) setFrom(started);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);
  if (from === null) return null;
  return (
    <div role="progressbar" aria-label={t('shell.loadingPage')} className="fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-brand-primary/20" data-testid="navigation-progress">
      <div className="nav-progress h-full w-1/3 bg-brand-primary" />
    </div>
  );
}
