// Who is asking for a verify page or a verdict (docs/verification.md, "Previews and robots"):
// a person, or something that is not one: a link-preview fetcher (a chat app building the card
// of a shared link), a search engine's crawler, a HEAD request, or a browser's or Next's router
// prefetch. Only a person's request records a check or a session; the others get a preview with
// the brand and the product and no verdict detail. Pure (Edge and Node): the middleware and the
// API both ask it.

/**
 * Tokens of the user agents of link-preview fetchers and crawlers, matched case-insensitively as
 * substrings. Specific names only: a bare "bot" would match phones such as the CUBOT ones.
 * iMessage's preview fetcher announces itself as facebookexternalhit and Twitterbot together.
 */
const ROBOT_TOKENS = [
  'whatsapp',
  'telegrambot',
  'facebookexternalhit',
  'facebot',
  'facebookcatalog',
  'meta-externalagent',
  'meta-externalfetcher',
  'twitterbot',
  'linkedinbot',
  'slackbot',
  'slack-imgproxy',
  'discordbot',
  'skypeuripreview',
  'googlebot',
  'google-inspectiontool',
  'googleother',
  'adsbot-google',
  'mediapartners-google',
  'apis-google',
  'feedfetcher-google',
  'google-read-aloud',
  'storebot-google',
  'bingbot',
  'bingpreview',
  'msnbot',
  'adidxbot',
  'applebot',
  'pinterestbot',
  'redditbot',
  'embedly',
  'line-poker',
  'kakaotalk-scrap',
  'duckduckbot',
  'yandexbot',
  'baiduspider',
  'petalbot',
  'ahrefsbot',
  'semrushbot',
] as const;
const ROBOT_PATTERN = new RegExp(ROBOT_TOKENS.map((t) => t.replace(/[-]/g, '\\-')).join('|'), 'i');

/**
 * Whether a user agent is a link-preview fetcher or a crawler. No user agent at all is not one:
 * an app calling the API may send none. (Names of in-app browsers, such as FBAN or LinkedInApp,
 * are people reading the page, not fetchers.)
 */
export function isRobotAgent(userAgent: string | null | undefined): boolean {
  return !!userAgent && ROBOT_PATTERN.test(userAgent);
}

/** Whether the request is a prefetch (the browser's speculation rules or link prefetch, or Next's router). */
export function isPrefetch(header: (name: string) => string | null | undefined): boolean {
  const purpose = `${header('purpose') ?? ''} ${header('sec-purpose') ?? ''} ${header('x-purpose') ?? ''} ${header('x-moz') ?? ''}`.toLowerCase();
  if (/\bprefetch\b|\bprerender\b|\bpreview\b/.test(purpose)) return true;
  return header('next-router-prefetch') === '1';
}

export type VisitKind = 'person' | 'robot' | 'prefetch' | 'head';

/** What kind of visit a request is: only 'person' records a check. */
export function visitKindOf(method: string, header: (name: string) => string | null | undefined): VisitKind {
  if (method.toUpperCase() === 'HEAD') return 'head';
  if (isPrefetch(header)) return 'prefetch';
  if (isRobotAgent(header('user-agent'))) return 'robot';
  return 'person';
}

/**
 * The header the middleware sets on a page request that is not a person's (its value the kind);
 * any such header the client sent is removed first, so only the middleware's say counts.
 */
export const VISIT_HEADER = 'x-brand-verify-visit';
