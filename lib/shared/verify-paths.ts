import type { VerifyRoute } from '@/lib/domain/verdict';

// The paths the scan screens, the printed links and the sign-in redirect need, apart from the
// page table (lib/shared/routes.ts, which re-exports them): the scan pages' first load carries
// these few strings, not the whole table. tests/unit/routes/page-table.test.ts checks that each
// prefix is the path of its verify page in the table.

/** Path prefix of each verify route's page ('/covert/post/verify/'), the qrId follows it. */
export const VERIFY_PAGE_PREFIX: Readonly<Record<VerifyRoute, string>> = {
  info: '/info/verify/',
  overt: '/overt/verify/',
  'covert-pre': '/covert/pre/verify/',
  'covert-post': '/covert/post/verify/',
  tert: '/tert/verify/',
  quat: '/quat/verify/',
  auto: '/verify/',
};

/** The verify page prefixes, longest first so '/covert/post/verify/' wins over '/verify/'. */
export const VERIFY_PAGE_PREFIXES: readonly string[] = Object.values(VERIFY_PAGE_PREFIX).sort((a, b) => b.length - a.length);

export const LOGIN_PATH = '/login';
/** The scanner of a visitor without an account (/info with the camera): "Scan again" for shoppers. */
export const VISITOR_SCAN_PATH = '/info?scan=1';
export const RETURN_PARAM = 'from';
