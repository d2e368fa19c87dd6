// Runs in the node environment: it has fetch's Response, Headers and FormData; jsdom does not.
process.env.SESSION_SECRET ??= 'unit-secret-unit-secret-unit-secret-0123456789';

import { consoleApi, consoleCsrfToken, sessionEnded } from '@/lib/client/console-api';
import { CONSOLE_API, consoleApiHref, consolePath } from '@/lib/shared/console-api';
import { consoleApiRoutes } from '@/lib/api/app';
import { ApiRequestError, HTTP_TIMEOUT_MS } from '@/lib/shared/fetch-rules';
import { UPLOAD_TIMEOUT_MS } from '@/lib/shared/fetch-core';
import { header, jsonAnswer, mockClientFetch } from '@/tests/support/client-fetch';

// The console's one browser client (lib/client/console-api.ts) and its table of operations
// (lib/shared/console-api.ts), against a mocked fetch: no path written by hand, the CSRF proof
// on every change, the answer's error surfaced with its field, and a 401, upload or not, taking
// the page to the sign-in screen.

const { calls, answers } = mockClientFetch();
const go = jest.spyOn(sessionEnded, 'go').mockImplementation(() => undefined);

beforeEach(() => {
  go.mockClear();
  (globalThis as { document?: { cookie: string } }).document = { cookie: 'theme=x; console_csrf=proof-of-session' };
});
afterAll(() => {
  delete (globalThis as { document?: unknown }).document;
});

describe('CONSOLE_API', () => {
  it('names only operations the console API declares, method and path as declared', () => {
    const declared = new Set(consoleApiRoutes.map((r) => `${r.method.toUpperCase()} ${r.path}`));
    const table = Object.entries(CONSOLE_API).map(([name, o]) => [name, `${o.method} ${o.path}`] as const);
    expect(table.length).toBeGreaterThan(60);
    expect(table.filter(([, op]) => !declared.has(op))).toEqual([]);
    // one name per operation
    expect(new Set(table.map(([, op]) => op)).size).toBe(table.length);
  });

  it('fills the params in, each encoded, and refuses a missing one', () => {
    expect(consolePath(CONSOLE_API.deleteCode, { brand: 'acme', qrId: 'A/B C' })).toBe('/console/brands/acme/codes/A%2FB%20C');
    expect(consoleApiHref(CONSOLE_API.batchCodesPdf, { brand: 'acme', batchId: 'b1' }, { levels: 6, empty: '', none: undefined })).toBe('/api/console/brands/acme/catalogue/batches/b1/codes.pdf?levels=6');
    expect(() => consolePath(CONSOLE_API.deleteCode, { brand: 'acme', qrId: '' })).toThrow('no qrId');
  });
});

describe('consoleApi', () => {
  it('sends JSON with the CSRF proof from the cookie and answers the parsed body', async () => {
    answers.push(() => jsonAnswer(200, { blacklisted: 3, alreadyBlacklisted: 1 }));
    const r = await consoleApi(CONSOLE_API.blacklistCodes, { params: { brand: 'acme' }, body: { batchId: 'b1', confirm: true } });
    expect(r).toEqual({ blacklisted: 3, alreadyBlacklisted: 1 });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/console/brands/acme/codes/blacklist');
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.credentials).toBe('same-origin');
    expect(header(calls[0]!, 'x-csrf')).toBe('proof-of-session');
    expect(header(calls[0]!, 'content-type')).toBe('application/json');
    expect(calls[0]!.init.body).toBe('{"batchId":"b1","confirm":true}');
  });

  it('sends no CSRF proof on a read, and the query', async () => {
    answers.push(() => jsonAnswer(200, { runs: [], batchCodes: 0 }));
    await consoleApi(CONSOLE_API.codeRuns, { params: { brand: 'acme', batchId: 'b 1' }, query: { page: 2 } });
    expect(calls[0]!.url).toBe('/api/console/brands/acme/catalogue/batches/b%201/code-runs?page=2');
    expect(calls[0]!.init.method).toBe('GET');
    expect(header(calls[0]!, 'x-csrf')).toBeNull();
    expect(calls[0]!.init.body).toBeUndefined();
  });

  it("surfaces the answer's error message and field as ApiRequestError, without leaving the page", async () => {
    answers.push(() => jsonAnswer(422, { errorMessage: 'prefix: must be 1 to 20 characters', code: 'unprocessable', field: 'prefix' }));
    const body = { scheme: 'numbered', prefix: 'P'.repeat(21), start: 1, width: 6, confirm: true } as const;
    const failed = await consoleApi(CONSOLE_API.batchSerials, { params: { brand: 'acme', batchId: 'b1' }, body }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ApiRequestError);
    expect((failed as ApiRequestError).message).toBe('prefix: must be 1 to 20 characters');
    expect((failed as ApiRequestError).status).toBe(422);
    expect((failed as ApiRequestError).body).toMatchObject({ field: 'prefix' });
    expect(go).not.toHaveBeenCalled();
  });

  it('a 401 goes to the sign-in screen and still fails the call', async () => {
    answers.push(() => jsonAnswer(401, { errorMessage: 'Your session has ended: sign in again', code: 'unauthorized' }));
    await expect(consoleApi(CONSOLE_API.saveJourney, { params: { brand: 'acme', productId: 'p1' }, body: { steps: [] } })).rejects.toMatchObject({ status: 401 });
    expect(go).toHaveBeenCalledTimes(1);
  });

  it('uploads a multipart form with the CSRF proof and the upload timeout; a 401 goes to sign-in too', async () => {
    const timeouts: number[] = [];
    const realSetTimeout = global.setTimeout;
    const spy = jest.spyOn(global, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
      timeouts.push(ms ?? 0);
      return realSetTimeout(fn, 0x7fffffff);
    }) as typeof setTimeout);
    try {
      answers.push(() => jsonAnswer(201, { imageId: 'i1', url: 'console-image:i1' }), () => jsonAnswer(401, { errorMessage: 'Sign in first', code: 'unauthorized' }));
      const form = new FormData();
      form.append('image', new Blob(['png'], { type: 'image/png' }), 'a.png');
      await expect(consoleApi(CONSOLE_API.uploadImage, { params: { brand: 'acme' }, form })).resolves.toEqual({ imageId: 'i1', url: 'console-image:i1' });
      expect(calls[0]!.url).toBe('/api/console/brands/acme/catalogue/images');
      expect(calls[0]!.init.body).toBe(form);
      expect(header(calls[0]!, 'content-type')).toBeNull(); // the runtime writes the multipart boundary
      expect(header(calls[0]!, 'x-csrf')).toBe('proof-of-session');
      expect(go).not.toHaveBeenCalled();

      await expect(consoleApi(CONSOLE_API.publishLegal, { params: { brand: 'acme' }, form })).rejects.toMatchObject({ status: 401, message: 'Sign in first' });
      expect(go).toHaveBeenCalledTimes(1);
      expect(timeouts).toEqual([UPLOAD_TIMEOUT_MS, UPLOAD_TIMEOUT_MS]);

      answers.push(() => jsonAnswer(200, {}));
      await consoleApi(CONSOLE_API.signOut);
      expect(timeouts[2]).toBe(HTTP_TIMEOUT_MS);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('consoleCsrfToken', () => {
  it("reads the __Host- cookie first, then the plain one, else '1' (before sign-in)", () => {
    expect(consoleCsrfToken('console_csrf=b; __Host-console_csrf=a')).toBe('a');
    expect(consoleCsrfToken('x=1; console_csrf=b')).toBe('b');
    expect(consoleCsrfToken('')).toBe('1');
  });
});
