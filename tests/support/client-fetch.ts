// The browser client's world for a unit test in the node environment (it has fetch's Response,
// Headers and FormData): a mocked fetch that records each call and answers with the next queued
// answer, a page reload spy, and no access token at the start of each test.
import { clearAccessToken, page } from '@/lib/client/http';

export type Call = { url: string; init: RequestInit };
export type Answer = () => Response | Promise<Response>;

/** A JSON answer with these status and extra headers. */
export const jsonAnswer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** A request header of a recorded call. */
export const header = (c: Call, name: string) => new Headers(c.init.headers).get(name);

/**
 * Installs the mocked fetch and reload for the calling test file (call it at its top level).
 * The returned arrays and spy stay the same objects; each test starts with them empty.
 */
export function mockClientFetch() {
  const calls: Call[] = [];
  const answers: Answer[] = [];
  const reload = jest.fn();

  beforeAll(() => {
    page.reload = reload;
  });

  beforeEach(() => {
    calls.length = 0;
    answers.length = 0;
    reload.mockReset();
    clearAccessToken();
    global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(url), init: init ?? {} });
      const next = answers.shift();
      if (!next) throw new Error('unexpected call ' + String(url));
      return next();
    }) as typeof fetch;
  });

  return { calls, answers, reload };
}
