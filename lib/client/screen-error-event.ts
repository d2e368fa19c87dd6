/**
 * The event the error screen (app/error.tsx) dispatches on window with the error it shows (as
 * `detail`), for the shell's deferred effects to answer (a missing chunk: one reload,
 * lib/client/chunk-reload.ts). A name only, so the error screen, in every page's first-load
 * JavaScript, carries nothing more.
 */
export const SCREEN_ERROR_EVENT = 'bv:screen-error';
