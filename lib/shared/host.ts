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
 * A domain as given by a person, in the one form it is stored and compared in: trimmed,
 * lower-cased, without its trailing dot, a Unicode name in its punycode (IDNA) form, the way a
 * browser sends it in Host. Either `{ domain }` or `{ problem }` saying what is wrong: a scheme,
 * path, port or user part, an IP literal (in any notation a browser accepts, such as `0x7f.1`),
 * or a name that is not a host name.
 */
export function normalizeBrandDomain(raw: string): { domain: string; problem?: undefined } | { domain?: undefined; problem: string } {
  const given = raw.trim();
  if (!given) return { problem: 'is required' };
  if (given.length > 253) return { problem: 'is longer than a host name may be (253 characters)' };
  if (/[/\\?#@\s]/.test(given) || /^[a-z][a-z0-9+.-]*:\/\//i.test(given)) return { problem: 'must be a host name like shop.example.com (no scheme, path or user)' };
  if (given.startsWith('[') || given.split(':').length > 2) return { problem: 'must be a host name, not an IP address' };
  if (/:[0-9]*$/.test(given)) return { problem: 'must be a host name without a port' };
  let hostname: string;
  try {
    hostname = new URL(`http://${given}/`).hostname;
  } catch {
    return { problem: 'must be a host name like shop.example.com' };
  }
  hostname = hostname.replace(/\.$/, '');
  if (hostname.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname)) return { problem: 'must be a host name, not an IP address' };
  const last = hostname.slice(hostname.lastIndexOf('.') + 1);
  if (/^(0x[0-9a-f]*|[0-9]+)$/.test(last)) return { problem: 'must be a host name, not an IP address' };
  if (!isValidBrandDomain(hostname)) return { problem: 'must be a host name like shop.example.com (no scheme, port or path; not starting with www.)' };
  return { domain: hostname };
}

/** Whether `domain` is `parent` or a name under it (`a.shop.example.com` under `shop.example.com`). */
export function isSameOrUnder(domain: string, parent: string): boolean {
  return domain === parent || domain.endsWith(`.${parent}`);
}

/**
 * The host a request names its brand by: X-Forwarded-Host where a proxy in front is trusted to set
 * it, else Host. `header` reads one request header.
 */
export function brandHostHeader(header: (name: string) => string | null | undefined, trustForwarded: boolean): string | undefined {
  return (trustForwarded ? header('x-forwarded-host') : undefined) ?? header('host') ?? undefined;
}
