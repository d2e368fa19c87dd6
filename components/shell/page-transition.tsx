'use client';
import { useEffect, useState } from 'react';

// The 0.3 s page transition (spec section 2; app/globals.css .page-enter) plays when a page
// replaces another in the browser, not on the document's first page: that one arrives painted by
// the server, and fading it in from opacity 0 only held its largest paint back behind the
// scripts' start-up (Lighthouse counted about a second of render delay on the verify page).

let navigated = false; // this browser tab has shown a page already (false on the server)

export function PageTransition({ children }: { children: React.ReactNode }) {
  const [animate] = useState(() => navigated);
  useEffect(() => {
    navigated = true;
  }, []);
  return <div className={animate ? 'page-enter' : undefined}>{children}</div>;
}
