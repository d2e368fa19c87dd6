'use client';
import { afterHydration } from '@/components/shell/lazy';
import type { PolicyUrlConfig } from './policy-links';
import type { SeenCookie } from './legal-banners';

// The policy and cookie banners load after the page itself: the verdict of a scan must not wait
// for them on a slow phone (they need the browser's session and storage anyway, so there is
// nothing for the server to render).
export const DeferredLegalBanners = afterHydration<{ ui: PolicyUrlConfig; seenCookie: SeenCookie }>(() => import('./legal-banners-root').then((m) => m.default), 'legal banners');
