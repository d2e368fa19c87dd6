// The Content-Security-Policy of every page, set by middleware.ts with a fresh nonce per request
// (Next applies the nonce to its own scripts). No 'server-only' import: middleware runs on the
// Edge runtime and imports this module, like lib/edge/env.ts.
//
// Styles allow 'unsafe-inline': brand colours are CSS variables in a style attribute and the
// lottie player writes inline styles; a nonce cannot cover style attributes. Scripts need the nonce.

export function contentSecurityPolicy(nonce: string, dev = false): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self' data: blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}
