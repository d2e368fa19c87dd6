// The one table of route classes (product-spec section 2). Middleware and the route-group
// layouts both read it; each layout still checks the session itself.

export type RouteClass = 'public-only' | 'anonymous' | 'signed-in';

const table: Record<RouteClass, readonly string[]> = {
  'public-only': ['/login', '/otp-verify', '/signup', '/forget-password'],
  anonymous: [
    '/terms-of-use',
    '/privacy-policy',
    '/info/verify/[qrId]',
    '/info',
    '/info-details',
    '/info-expiry',
    '/info-tracking',
    '/file-preview',
    '/verify-by-batchnumber',
    '/product-details',
    '/tracking',
  ],
  'signed-in': [
    '/',
    '/qr-scan',
    '/reset-password',
    '/scan-result',
    '/report',
    '/warranty',
    '/expiry-check',
    '/edit-profile',
    '/delete-account',
    '/rewards',
    '/my-product-details',
    '/my-product-tracking',
    '/my-product-expiry-check',
    '/feedback',
    '/my-products',
    '/upi-details',
    '/transaction-history',
    '/invalid-qr',
    '/verify/[qrId]',
    '/overt/verify/[qrId]',
    '/covert/pre/verify/[qrId]',
    '/covert/post/verify/[qrId]',
    '/tert/verify/[qrId]',
    '/quat/verify/[qrId]',
    '/raise-complaint',
    '/complaints',
    '/complaints/[ticketId]',
  ],
};

const patterns: Array<{ cls: RouteClass; re: RegExp }> = (Object.keys(table) as RouteClass[]).flatMap((cls) =>
  table[cls].map((p) => ({ cls, re: new RegExp('^' + p.replace(/\[[^\]]+\]/g, '[^/]+') + '/?$') })),
);

/** The class of a page path, or undefined for a path that is not a page of the app. */
export function routeClassOf(pathname: string): RouteClass | undefined {
  if (pathname !== '/' && pathname.endsWith('/')) pathname = pathname.slice(0, -1);
  return patterns.find((p) => p.re.test(pathname))?.cls;
}

export const routeTable = table;

// The origin path to return to after sign-in: in lib/return-path (the sign-in screens load it alone).
export { safeReturnPath } from './return-path';

export const LOGIN_PATH = '/login';
export const RETURN_PARAM = 'from';
