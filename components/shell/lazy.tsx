'use client';
import { startTransition, useEffect, useState, type ComponentType } from 'react';

// Code splitting for the shell's browser-only parts without next/dynamic's loader (the embedding
// guard is one). (A part the server renders, the signed-in navigation, uses next/dynamic: a bare
// React.lazy there kept those pages from finishing their load in the end-to-end tests.)

/** A part that is the screen's content, not an extra of the page; `Loading` shows until it is there. */
export type ContentPart = { content: true; Loading?: ComponentType };

/**
 * A component rendered only in the browser, loaded after the page is interactive: nothing on
 * the server or during hydration, then the component once its chunk arrives, rendered as a
 * transition (in slices, never one long task).
 *
 * An extra of the page (banners, overlays, the shell's effects) whose chunk fails to load leaves
 * nothing rendered (and says so in the console). A part of the screen's content (`content`: a
 * form the screen is for; next/dynamic's `ssr: false` without its loader in the page's
 * first-load JavaScript) throws the load error while rendering instead, as next/dynamic would:
 * the error screen (app/error.tsx) takes over, and for a missing chunk the page reloads once
 * (lib/client/chunk-reload.ts). Its `Loading` is rendered (on the server too) until it is there.
 */
export function afterHydration<P extends object>(load: () => Promise<ComponentType<P>>, name: string, part?: ContentPart): (props: P) => React.JSX.Element | null {
  let loaded: Promise<ComponentType<P>> | undefined;
  function AfterHydration(props: P) {
    const [got, setGot] = useState<{ C?: ComponentType<P>; error?: unknown }>({});
    useEffect(() => {
      let live = true;
      loaded ??= load();
      loaded.then(
        // In a transition: React renders the part in slices that yield to the phone between them,
        // where a plain update renders it in one blocking task right after hydration (on a slow
        // phone that task was most of the verify page's blocking time, docs/benchmarks.md).
        (C) => live && startTransition(() => setGot({ C })),
        (error: unknown) => {
          loaded = undefined; // the next mount tries again
          if (!part) console.error(`[shell] ${name} could not be loaded`, error);
          else if (live) setGot({ error });
        },
      );
      return () => {
        live = false;
      };
    }, []);
    if (got.C) return <got.C {...props} />;
    if ('error' in got) throw got.error;
    const Loading = part?.Loading;
    return Loading ? <Loading /> : null;
  }
  AfterHydration.displayName = `AfterHydration(${name})`;
  return AfterHydration;
}
