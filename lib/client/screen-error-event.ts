/**
 * The event the error screen (app/error.tsx) dispatches on window with the error it shows (as
 * `detail`), for the shell's deferred effects to answer (a missing chunk: one reload,
 * lib/client/chunk-reload.ts). The error stays on window, under the event's name, while the
 * screen shows it: those effects load after the page, and a part of the screen loaded after the
 * page too (components/shell/lazy.tsx) can fail before they listen. Small, as the error screen is
 * in every page's first-load JavaScript.
 */
export const SCREEN_ERROR_EVENT = 'bv:screen-error';

/** Tells the shell of the error on screen; the returned function, when the screen goes, forgets it. */
export function tellScreenError(error: unknown): () => void {
  const w = window as unknown as Record<string, unknown>;
  w[SCREEN_ERROR_EVENT] = error;
  dispatchEvent(new CustomEvent(SCREEN_ERROR_EVENT, { detail: error }));
  return () => {
    w[SCREEN_ERROR_EVENT] = undefined;
  };
}
