// The caller's address, as rate limits key it (README, TRUST_PROXY). Pure, so it is unit-tested
// and could run anywhere.
//
// X-Forwarded-For is a list each proxy appends to: `client, proxy1, proxy2`. Only the entries
// written by our own proxies can be trusted; whatever is left of them the client may have
// written itself. So with `hops` trusted proxies in front, the caller is the entry `hops` from
// the right (hops 1: the rightmost, appended by the one proxy). Without a trusted proxy (hops 0)
// the launcher (scripts/start.mjs) has replaced the header with the socket's address, so the
// rightmost entry is that address too.
//
// IPv6 callers are keyed by their /64: one subscriber usually holds a whole /64, so keying single
// addresses would give them 2^64 fresh rate-limit buckets.

export const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** The 8 groups of an IPv6 address (a trailing dotted IPv4 allowed), or undefined when it is not one. */
export function ipv6Groups(address: string): number[] | undefined {
  let a = address.toLowerCase().replace(/%.*$/, ''); // zone id
  const lastColon = a.lastIndexOf(':');
  if (lastColon < 0) return undefined;
  const last = a.slice(lastColon + 1);
  if (last.includes('.')) {
    if (!IPV4.test(last)) return undefined;
    const [p, q, r, s] = last.split('.').map(Number) as [number, number, number, number];
    a = `${a.slice(0, lastColon + 1)}${((p << 8) | q).toString(16)}:${((r << 8) | s).toString(16)}`;
  }
  const halves = a.split('::');
  if (halves.length > 2) return undefined;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const all = [...head, ...tail];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return undefined;
  if (halves.length === 1 ? all.length !== 8 : all.length > 7) return undefined;
  return [...head, ...new Array<string>(8 - all.length).fill('0'), ...tail].map((g) => parseInt(g, 16));
}

/** An entry without brackets and port: `[2001:db8::1]:443` → `2001:db8::1`, `198.51.100.7:80` → `198.51.100.7`. */
function stripPort(entry: string): string {
  const e = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(e);
  if (bracketed) return bracketed[1]!;
  const v4port = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(e);
  return v4port ? v4port[1]! : e;
}

/**
 * The rate-limit key of an address: IPv4 as is, IPv4-mapped IPv6 as its IPv4, other IPv6 as its
 * /64 (`2001:db8:1:2::/64`); undefined when it is no address.
 */
export function addressKey(raw: string): string | undefined {
  const a = stripPort(raw);
  if (IPV4.test(a)) return a;
  const g = ipv6Groups(a);
  if (!g) return undefined;
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return `${g[6]! >> 8}.${g[6]! & 255}.${g[7]! >> 8}.${g[7]! & 255}`;
  return `${g.slice(0, 4).map((x) => x.toString(16)).join(':')}::/64`;
}

/**
 * The caller's rate-limit key from X-Forwarded-For and the number of trusted proxy hops; the
 * socket's address when the header is missing; 'unknown' when the chosen entry is no address.
 */
export function pickClientAddress(forwardedFor: string | null | undefined, hops: number, socketAddress?: string): string {
  const entries = (forwardedFor ?? '').split(',').map((e) => e.trim()).filter(Boolean);
  const chosen = entries.length ? entries[Math.max(0, entries.length - Math.max(1, hops))]! : socketAddress;
  return (chosen && addressKey(chosen)) ?? 'unknown';
}
