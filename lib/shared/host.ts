// The one function that parses a request's host (DESIGN.md section 2). Shared by middleware
// (Edge) and the Brand API, so it does no I/O.

/** Lower-cased host without port and leading `www.`; undefined when the header is unusable. */
export function parseHost(hostHeader: string | null | undefined): string | undefined {
  if (!hostHeader) return undefined;
  let host = hostHeader.trim().toLowerCase();
  if (host.length === 0 || host.length > 253) return undefined;
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    if (end < 0) return undefined;
    host = host.slice(0, end + 1);
  } else {
    host = host.replace(/:\d+$/, '');
  }
  host = host.replace(/\.$/, '').replace(/^www\./, '');
  if (!/^(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*)$/.test(host)) return undefined;
  return host;
}

/** Hosts that always map to the demo brand seeded at start-up. */
export const DEMO_HOSTS = ['localhost', '127.0.0.1'] as const;

/** A domain an operator may register for a brand (no port, no scheme). */
export function isValidBrandDomain(domain: string): boolean {
  return parseHost(domain) === domain && !domain.startsWith('[');
}

/**
 * The host a request names its brand by: X-Forwarded-Host where a proxy in front is trusted to set
 * it, else Host. `header` reads one request header.
 */
export function brandHostHeader(header: (name: string) => string | null | undefined, trustForwarded: boolean): string | undefined {
  return (trustForwarded ? header('x-forwarded-host') : undefined) ?? header('host') ?? undefined;
}
