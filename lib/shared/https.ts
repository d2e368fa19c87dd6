// Whether a request came over HTTPS, for the Secure cookie attribute and HSTS (docs/security.md,
// "Accounts"). Edge-safe. X-Forwarded-Proto is read even without TRUST_PROXY: a client that
// forges it only makes its own cookie Secure, and browsers ignore HSTS received over plain http.

/** One year; no includeSubDomains: a brand's other subdomains are not ours to decide for. */
export const HSTS_VALUE = 'max-age=31536000';

export function cameOverHttps(url: string, forwardedProto: string | null | undefined): boolean {
  const proto = forwardedProto?.split(',')[0]?.trim().toLowerCase();
  if (proto) return proto === 'https';
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}
