'use client';
import { useEffect, useState, type ComponentType } from 'react';

// Code splitting for the shell's browser-only parts without next/dynamic's loader (the embedding
// guard is one). (A part the server renders, the signed-in navigation, uses next/dynamic: a bare
// React.lazy there kept those pages from finishing their load in the end-to-end tests.)

/**
 * A component rendered only in the browser, loaded after the page is interactive: nothing on
 * the server or during hydration, then the component once its chunk arrives. A chunk that fails
 * to load leaves nothing rendered (and says so in the console), as these parts are extras of
 * the page (banners, overlays), never its content. With `Loading`, that is rendered instead of
 * nothing (on the server too) until the component is there: a screen's part that needs the
 * browser (next/dynamic's `ssr: false` without its loader in the page's first-load JavaScript).
 */
export function afterHydration<P extends object>(load: () => Promise<ComponentType<P>>, name: string, Loading?: ComponentType): (props: P) => React.JSX.Element | null {
  let loaded: Promise<ComponentType<P>> | undefined;
  function AfterHydration(props: P) {
    const [Component, setComponent] = useState<ComponentType<P>>();
    useEffect(() => {
      let live = true;
      loaded ??= load();
      loaded.then(
        (c) => live && setComponent(() => c),
        (err: unknown) => {
          loaded = undefined; // the next mount tries again
          console.error(`[shell] ${name} could not be loaded`, err);
        },
      );
      return () => {
        live = false;
      };
    }, []);
    if (Component) return <Component {...props} />;
    return Loading ? <Loading /> : null;
  }
  AfterHydration.displayName = `AfterHydration(${name})`;
  return AfterHydration;
}
