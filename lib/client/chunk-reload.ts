// A page's code chunks that do not arrive (docs/architecture.md, "Chunk loading"; spec: "Chunk
// load failures time out at 120 s"): the timeout is ./chunk-timeout.ts; this is the one reload.
//
// After a new deployment, a page opened before it asks for chunks that are no longer served (their
// names change with each build): the error screen (app/error.tsx) reloads the page once, which
// brings the new deployment's page, instead of showing an error (the screen tells the shell's
// deferred effects, which decide: components/shell/shell-effects.tsx). A mark in sessionStorage keeps it
// to one: a reload within RELOAD_GUARD_MS of the last shows the error screen (a page whose chunk
// is missing even after a reload never loops).

import { SCREEN_ERROR_EVENT } from './screen-error-event';

export const RELOAD_GUARD_MS = 5 * 60_000;
export const RELOAD_MARK = 'bv_chunk_reload';

/** Turbopack's ChunkLoadError, webpack's, or a browser's failed dynamic import(). */
export function isChunkLoadError(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const { name, message } = err as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return (
    typeof message === 'string' &&
    /Failed to load chunk|Loading (CSS )?chunk .* failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(message)
  );
}

type Mark = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * Reloads the page for a missing chunk, unless it was reloaded so within RELOAD_GUARD_MS (or
 * storage is unavailable, so the guard could not hold): true when it reloads.
 */
export function reloadOnce(storage: Mark | undefined, reload: () => void, now = Date.now()): boolean {
  if (!storage) return false;
  try {
    const last = Number(storage.getItem(RELOAD_MARK));
    if (Number.isFinite(last) && last > 0 && now - last >= 0 && now - last < RELOAD_GUARD_MS) return false;
    storage.setItem(RELOAD_MARK, String(now));
  } catch {
    return false; // storage refused (private mode, quota): no guard, so no reload
  }
  reload();
  return true;
}

/** The session's storage, or undefined where the browser refuses it. */
export function sessionMark(): Mark | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * The shell's answer to the error screen (lib/client/screen-error-event.ts): a missing chunk,
 * whether on screen already when this starts (a part of the screen loaded after the page failed
 * before the shell's deferred effects were there) or shown later, reloads the page once
 * (reloadOnce). Returns the function that stops listening.
 */
export function reloadForMissingChunks(storage = sessionMark(), reload = () => window.location.reload()): () => void {
  const answer = (error: unknown) => {
    if (isChunkLoadError(error)) reloadOnce(storage, reload);
  };
  const onScreenError = (e: Event) => answer((e as CustomEvent<unknown>).detail);
  answer((window as unknown as Record<string, unknown>)[SCREEN_ERROR_EVENT]); // the one on screen now (tellScreenError)
  window.addEventListener(SCREEN_ERROR_EVENT, onScreenError);
  return () => window.removeEventListener(SCREEN_ERROR_EVENT, onScreenError);
}
