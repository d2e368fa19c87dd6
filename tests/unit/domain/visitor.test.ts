import { isRobotAgent, visitKindOf } from '@/lib/domain/visitor';

// Who asks for a verify page (lib/domain/visitor.ts): only a person's visit records a check.

const headersOf = (h: Record<string, string>) => (name: string) => h[name] ?? null;

describe('visitKindOf', () => {
  it.each([
    ['WhatsApp/2.23.20.0 A'],
    ['TelegramBot (like TwitterBot)'],
    ['facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'],
    ['Twitterbot/1.0'],
    ['LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)'],
    ['Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)'],
    ['Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)'],
    ['Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5'],
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'],
  ])('calls %s a robot', (agent) => {
    expect(visitKindOf('GET', headersOf({ 'user-agent': agent }))).toBe('robot');
  });

  it('calls phones and in-app browsers people, a CUBOT phone included, and no user agent too', () => {
    for (const agent of [
      'Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/440.0]',
      'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36 [LinkedInApp]',
    ]) {
      expect(isRobotAgent(agent)).toBe(false);
      expect(visitKindOf('GET', headersOf({ 'user-agent': agent }))).toBe('person');
    }
    expect(visitKindOf('GET', headersOf({}))).toBe('person');
  });

  it('calls HEAD and prefetches what they are', () => {
    expect(visitKindOf('HEAD', headersOf({ 'user-agent': 'Chrome' }))).toBe('head');
    expect(visitKindOf('GET', headersOf({ purpose: 'prefetch' }))).toBe('prefetch');
    expect(visitKindOf('GET', headersOf({ 'sec-purpose': 'prefetch;prerender' }))).toBe('prefetch');
    expect(visitKindOf('GET', headersOf({ 'next-router-prefetch': '1' }))).toBe('prefetch');
    expect(visitKindOf('GET', headersOf({ 'next-router-prefetch': '0' }))).toBe('person');
  });
});
