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

/** False on the server and while hydrating, true once the page is interactive. */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscribe, () => true, () => false);
}
