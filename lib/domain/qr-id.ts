import type { CodeLevel, ConcreteRoute } from './verdict';
import { VERIFY_PAGE_PREFIX } from '@/lib/shared/verify-paths';

// The shape of a qrId and where each code level's printed link points. Pure, shared by the
// verify API, the operator's exports and the pages that scan codes.

/** Generated ids: 17 base62 characters, about 101 bits of randomness (short enough for a small QR code). */
export const QR_ID_LENGTH = 17;
/** Longest id looked up at all; anything longer is not a code of ours (422, not recorded). */
export const QR_ID_MAX_LENGTH = 64;
export const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * A well-formed id: base62, 1..64 characters. Case matters (base62), so a wrong-case id is a
 * different, unknown id and answers Fake. Anything else (other characters, percent-encoded
 * junk, over-long) is not a QR code of any brand: the API answers 422 and records nothing.
 */
export function isWellFormedQrId(raw: string): boolean {
  return raw.length >= 1 && raw.length <= QR_ID_MAX_LENGTH && /^[0-9A-Za-z]+$/.test(raw);
}

/** Page path each code level's printed link opens (the page table, lib/shared/routes.ts). */
export const PAGE_PATH_OF_ROUTE = Object.fromEntries(Object.entries(VERIFY_PAGE_PREFIX).filter(([route]) => route !== 'auto')) as Record<ConcreteRoute, string>;

/** Where a brand's printed overt (visible) codes point: the anonymous info page, or the signed-in overt page. */
export type PrintedOvertRoute = 'info' | 'overt';
export const PRINTED_OVERT_ROUTES = ['info', 'overt'] as const satisfies readonly PrintedOvertRoute[];

/**
 * The route a printed code of this level opens. The visible code is scanned by anyone (a shopper
 * in a shop): by default it opens the anonymous info page; a brand that wants every check tied
 * to an account prints the signed-in overt route instead. Batch-level codes always open the
 * info page; covert, case and pallet codes their own routes.
 */
export function printedRouteOf(level: CodeLevel, isBatchLevel: boolean, overtRoute: PrintedOvertRoute = 'info'): ConcreteRoute {
  if (isBatchLevel) return 'info';
  return level === 6 ? overtRoute : level === 7 ? 'covert-post' : level === 8 ? 'tert' : 'quat';
}

/** Origin of a brand domain: http with the app's port for local hosts, https otherwise. */
export function originOf(domain: string, port: number): string {
  const local = domain === 'localhost' || domain === '127.0.0.1' || domain.endsWith('.localhost');
  return local ? `http://${domain}:${port}` : `https://${domain}`;
}

export function verifyUrlOf(origin: string, code: { qrId: string; level: CodeLevel; isBatchLevel: boolean }, overtRoute: PrintedOvertRoute = 'info'): string {
  return `${origin}${PAGE_PATH_OF_ROUTE[printedRouteOf(code.level, code.isBatchLevel, overtRoute)]}${code.qrId}`;
}
