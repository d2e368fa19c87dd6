/**
 * The event the error screen (app/error.tsx) dispatches on window with the error it shows (as
 * `detail`), for the shell's deferred effects to answer (a missing chunk: one reload,
 * lib/client/chunk-reload.ts). The error stays on window (SHOWN_SCREEN_ERROR) while the screen
 * shows it: those effects load after the page, and a part of the screen loaded after the page
 * too (components/shell/lazy.tsx) can fail before they listen. Small, as the error screen is in
 * every page's first-load JavaScript.
 */
export const SCREEN_ERROR_EVENT = 'bv:screen-error';
export const SHOWN_SCREEN_ERROR = 'bvScreenError';

type Shown = Record<typeof SHOWN_SCREEN_ERROR, unknown>;

/** Tells the shell of the error on screen; the returned function, when the screen goes, forgets it. */
export function tellScreenError(error: unknown): () => void {
  const w = window as unknown as Shown;
  w[SHOWN_SCREEN_ERROR] = error;
  window.dispatchEvent(new CustomEvent(SCREEN_ERROR_EVENT, { detail: error }));
  return () => {
    if (w[SHOWN_SCREEN_ERROR] === error) w[SHOWN_SCREEN_ERROR] = undefined;
  };
}
