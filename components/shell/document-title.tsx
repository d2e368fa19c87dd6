'use client';
import { useEffect, useRef } from 'react';
import { usePathname } from 'next/navigation';

// The browser tab's title names the screen: "<the screen's heading> · <brand>" (a verdict's label
// on a verify page), set after every navigation. The router writes the layout's title (the
// brand's name) again as a navigation's metadata arrives, so the title is kept: a change made by
// anyone else is put back. The first HTML carries the brand's name until the scripts run.
export function DocumentTitle({ brand }: { brand: string }) {
  const pathname = usePathname();
  const wanted = useRef<string>(undefined);

  useEffect(() => {
    const keep = () => {
      if (wanted.current && document.title !== wanted.current) document.title = wanted.current;
    };
    const observer = new MutationObserver(keep);
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const heading = document.getElementById('page-title') ?? document.querySelector('main h1');
    const name = heading?.textContent?.replace(/\s+/g, ' ').trim();
    wanted.current = name && name !== brand ? `${name} · ${brand}` : brand;
    document.title = wanted.current;
  }, [pathname, brand]);
  return null;
}
