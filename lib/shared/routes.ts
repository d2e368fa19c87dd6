import type { VerifyRoute } from '@/lib/domain/verdict';
import type { FeatureFlag } from '@/lib/schemas/feature-flags';
import type { CloneInfo } from '@/lib/schemas/client';

// The one table of pages (product-spec section 2): each page's path pattern, its access class
// (= its route group under app/), the brand flag that switches it on (the page passes the same
// flag to its gate, ModuleScreen; the home screen's modules take it from here), and for a verify
// page the route its scan is judged on. Read by
// middleware.ts (early redirects by class), the home screen's modules, and
// tests/unit/routes/page-table.test.ts, which also holds the verify prefixes of
// lib/shared/verify-paths (read by embedding, qr-id and the scan screens) to this table, and checks that
// every app/**/page.tsx sits in the route group of its class and every entry has its page. The
// route-group layouts do not read it: each checks the session itself, whatever the table says.

export type RouteClass = 'public-only' | 'anonymous' | 'signed-in';

export type PageEntry = {
  /** Path pattern as the app/ folders spell it ('/complaints/[ticketId]'). */
  path: string;
  access: RouteClass;
  /** The brand flag without which the page shows "… is not offered by <brand>." instead. */
  flag?: FeatureFlag;
  /** Verify pages only (path '<prefix>[qrId]'): the route the scan is judged on. */
  verify?: VerifyRoute;
};

export const PAGES = [
  { path: '/login', access: 'public-only' },
  { path: '/otp-verify', access: 'public-only' },
  { path: '/signup', access: 'public-only' },
  { path: '/forget-password', access: 'public-only' },

  { path: '/terms-of-use', access: 'anonymous' },
  { path: '/privacy-policy', access: 'anonymous' },
  { path: '/info/verify/[qrId]', access: 'anonymous', verify: 'info' },
  { path: '/info', access: 'anonymous' },
  { path: '/info-details', access: 'anonymous' },
  { path: '/info-expiry', access: 'anonymous' },
  { path: '/info-tracking', access: 'anonymous', flag: 'isTrackingEnabled' },
  { path: '/file-preview', access: 'anonymous' },
  { path: '/verify-by-batchnumber', access: 'anonymous' },
  { path: '/product-details', access: 'anonymous' },
  { path: '/tracking', access: 'anonymous', flag: 'isTrackingEnabled' },

  { path: '/', access: 'signed-in' },
  { path: '/qr-scan', access: 'signed-in' },
  { path: '/reset-password', access: 'signed-in' },
  { path: '/scan-result', access: 'signed-in' },
  { path: '/report', access: 'signed-in', flag: 'isRedFlaggingEnabled' },
  { path: '/warranty', access: 'signed-in', flag: 'isWarrantyEnabled' },
  { path: '/expiry-check', access: 'signed-in' },
  { path: '/edit-profile', access: 'signed-in' },
  { path: '/change-contact', access: 'signed-in' },
  { path: '/delete-account', access: 'signed-in' },
  { path: '/rewards', access: 'signed-in', flag: 'isLoyalityProgramEnabled' },
  { path: '/my-product-details', access: 'signed-in' },
  { path: '/my-product-tracking', access: 'signed-in', flag: 'isTrackingEnabled' },
  { path: '/my-product-expiry-check', access: 'signed-in' },
  { path: '/feedback', access: 'signed-in' },
  { path: '/messages', access: 'signed-in' },
  { path: '/message-settings', access: 'signed-in' },
  { path: '/my-products', access: 'signed-in' },
  { path: '/upi-details', access: 'signed-in', flag: 'isLoyalityProgramEnabled' },
  { path: '/transaction-history', access: 'signed-in', flag: 'isLoyalityProgramEnabled' },
  { path: '/invalid-qr', access: 'signed-in' },
  { path: '/verify/[qrId]', access: 'signed-in', verify: 'auto' },
  { path: '/overt/verify/[qrId]', access: 'signed-in', verify: 'overt' },
  { path: '/covert/pre/verify/[qrId]', access: 'signed-in', verify: 'covert-pre' },
  { path: '/covert/post/verify/[qrId]', access: 'signed-in', verify: 'covert-post' },
  { path: '/tert/verify/[qrId]', access: 'signed-in', verify: 'tert' },
  { path: '/quat/verify/[qrId]', access: 'signed-in', verify: 'quat' },
  { path: '/raise-complaint', access: 'signed-in', flag: 'isComplaintManagementEnabled' },
  { path: '/complaints', access: 'signed-in', flag: 'isComplaintManagementEnabled' },
  { path: '/complaints/[ticketId]', access: 'signed-in', flag: 'isComplaintManagementEnabled' },
] as const satisfies readonly PageEntry[];

/** Pages of the app that belong to no access class (app/ outside the route groups). */
export const UNGROUPED_PAGES = ['/embed-blocked'] as const;

const patterns = PAGES.map((p) => ({ cls: p.access as RouteClass, re: new RegExp('^' + p.path.replace(/\[[^\]]+\]/g, '[^/]+') + '/?$') }));

/** The class of a page path, or undefined for a path that is not a page of the app. */
export function routeClassOf(pathname: string): RouteClass | undefined {
  if (pathname !== '/' && pathname.endsWith('/')) pathname = pathname.slice(0, -1);
  return patterns.find((p) => p.re.test(pathname))?.cls;
}

/** The brand flag a page needs, from the table (undefined: always offered). */
export function pageFlagOf(path: string): FeatureFlag | undefined {
  const entry: PageEntry | undefined = PAGES.find((p) => p.path === path);
  return entry?.flag;
}

/** Whether a link to the page at `href` is offered: its page needs no flag, or a brand that has it on. */
export function offersPage(brand: Pick<CloneInfo, FeatureFlag> | undefined, href: string): boolean {
  const flag = pageFlagOf(href);
  return flag === undefined || (brand !== undefined && brand[flag]);
}

type VerifyEntry = Extract<(typeof PAGES)[number], { verify: VerifyRoute }>;

// Compile-time: every verify route of the verdict has its page here (a missing one fails typecheck).
type VerifyRouteWithoutPage = Exclude<VerifyRoute, VerifyEntry['verify']>;
const everyVerifyRouteHasAPage: [VerifyRouteWithoutPage] extends [never] ? true : VerifyRouteWithoutPage = true;
void everyVerifyRouteHasAPage;

// The verify page prefixes (VERIFY_PAGE_PREFIX, VERIFY_PAGE_PREFIXES) and the sign-in path live in
// lib/shared/verify-paths, which the scan screens load without this table; each prefix is its
// page's path here without '[qrId]' (tests/unit/routes/page-table.test.ts).
export { LOGIN_PATH, RETURN_PARAM, VERIFY_PAGE_PREFIX, VERIFY_PAGE_PREFIXES } from './verify-paths';

// The origin path to return to after sign-in: in lib/shared/return-path (the sign-in screens load it alone).
export { safeReturnPath } from './return-path';
