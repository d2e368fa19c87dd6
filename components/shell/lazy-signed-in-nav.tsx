'use client';
import dynamic from 'next/dynamic';

// The signed-in navigation for the anonymous pages (a verify page, the legal pages), in its own
// chunk: rendered on the server like the rest of the header (no shift) when the visitor has a
// session, never downloaded by a visitor without one.
export const LazySignedInNav = dynamic(() => import('./signed-in-nav'));
