import { useSyncExternalStore } from 'react';

/**
 * A full page load of a path of this site, used where the session changed (sign-in, sign-out,
 * account deleted): the server layouts check the session again and in-memory state starts afresh.
 */
export function hardNavigate(path: string) {
  window.location.assign(new URL(path, window.location.origin).href);
}

const noSubscribe = () => () => undefined;

/** A value only the browser knows (user agent, frame, storage): `serverValue` while rendering on the server. */
export function useBrowserValue<T extends string | number | boolean | null | undefined>(read: () => T, serverValue: T): T {
  return useSyncExternalStore(noSubscribe, read, () => serverValue);
}

/** Inside a frame of another page (the brand's embedding app). */
export function isEmbedded(win: { self: unknown; top: unknown }): boolean {
  try {
    return win.self !== win.top;
  } catch {
    return true; // a cross-origin top throws on access: that is a frame too
  }
}

/** False on the server and while hydrating, true once the page is interactive. */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscribe, () => true, () => false);
}

/**
 * The page's last click, kept from its first interactive moment (components/shell/providers.tsx).
 * The navigation progress bar (components/shell/navigation-progress.tsx) loads after the page, so
 * a tap in the meantime (on a slow phone, the likeliest moment for one) would start a navigation
 * it never heard of; it reads this click when it mounts. With the history entry's state it was
 * made on: a navigation (the router's, back, forward) changes the state, so while it is the same
 * object the screen is still the one clicked on. Small, and kept by the page's existing effect:
 * every byte here is on every page's first load.
 */
export const lastClick: { click?: MouseEvent; state?: unknown } = {};
