import { callApi, fetchAccessToken, type CallContext } from '@/lib/server/api-fetch';
import { ApiRequestError, HTTP_TIMEOUT_MS } from '@/lib/shared/fetch-rules';

// The server fetch layer of the BRAND_API_URL mode (lib/server/api-fetch.ts) with a mocked
// transport in place of HTTP.

jest.mock('next/headers', () => ({ headers: jest.fn() }));

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'x-kept': 'yes' } });

function context(answers: Array<() => Response | Promise<Response>>) {
  const requests: Request[] = [];
  const ctx: CallContext = {
    incoming: new Headers({ host: 'acme.localhost:3000', cookie: 'bv_session=sealed', 'x-forwarded-for': '10.0.0.1', 'x-unrelated': 'no' }),
    baseUrl: 'http://in-process',
    transport: async (req) => {
      requests.push(req);
      const next = answers.shift();
      if (!next) throw new Error('unexpected call ' + req.url);
      return next();
    },
  };
  return { ctx, requests };
}

const tokens = (current: string | undefined, fresh = 'fresh') => ({
  current: jest.fn(async () => current),
  refresh: jest.fn(async () => fresh),
});

describe('callApi (server)', () => {
  it("forwards the request's host and cookie and sends the Bearer token", async () => {
    const { ctx, requests } = context([() => json(200, { ok: true })]);
    await expect(callApi(ctx, '/customer/customer-profile', {}, tokens('t1'))).resolves.toEqual({ ok: true });
    const req = requests[0]!;
    expect(req.url).toBe('http://in-process/api/customer/customer-profile');
    expect(req.headers.get('host')).toBe('acme.localhost:3000');
    expect(req.headers.get('x-forwarded-host')).toBe('acme.localhost:3000');
    expect(req.headers.get('cookie')).toBe('bv_session=sealed');
    expect(req.headers.get('authorization')).toBe('Bearer t1');
    expect(req.headers.get('x-unrelated')).toBeNull();
  });

  it('adds the CSRF header and a JSON body to state-changing calls', async () => {
    const { ctx, requests } = context([() => json(200, {})]);
    await callApi(ctx, '/customer/customer-profile', { method: 'PUT', body: { vpa: 'a@b' } }, tokens('t'));
    expect(requests[0]!.headers.get('x-requested-with')).toBe('fetch');
    expect(requests[0]!.headers.get('content-type')).toBe('application/json');
    await expect(requests[0]!.text()).resolves.toBe('{"vpa":"a@b"}');
  });

  it('sends no token when auth is false', async () => {
    const { ctx, requests } = context([() => json(200, {})]);
    const t = tokens('t');
    await callApi(ctx, '/client/clone-info', { auth: false }, t);
    expect(requests[0]!.headers.get('authorization')).toBeNull();
    expect(t.current).not.toHaveBeenCalled();
  });

  it("refreshes once on 'jwt expired' and retries with the new token", async () => {
    const { ctx, requests } = context([() => json(401, { errorMessage: 'jwt expired' }), () => json(200, { second: true })]);
    const t = tokens('old', 'new');
    await expect(callApi(ctx, '/x', {}, t)).resolves.toEqual({ second: true });
    expect(t.refresh).toHaveBeenCalledTimes(1);
    expect(requests.map((r) => r.headers.get('authorization'))).toEqual(['Bearer old', 'Bearer new']);
  });

  it("retries only once when the retry is 'jwt expired' again", async () => {
    const { ctx, requests } = context([() => json(401, { errorMessage: 'jwt expired' }), () => json(401, { errorMessage: 'jwt expired' })]);
    await expect(callApi(ctx, '/x', {}, tokens('old'))).rejects.toMatchObject({ status: 401, message: 'jwt expired' });
    expect(requests).toHaveLength(2);
  });

  it('keeps status and headers and takes the message in catalogue order', async () => {
    const { ctx } = context([() => json(404, { errorMessage: 'Customer not found', message: 'no' }), () => json(400, { message: 'only message' }), () => new Response('', { status: 502 })]);
    const a = (await callApi(ctx, '/x', {}, tokens('t')).catch((e: unknown) => e)) as ApiRequestError;
    expect(a).toBeInstanceOf(ApiRequestError);
    expect([a.message, a.status, a.headers.get('x-kept')]).toEqual(['Customer not found', 404, 'yes']);
    await expect(callApi(ctx, '/x', {}, tokens('t'))).rejects.toThrow('only message');
    await expect(callApi(ctx, '/x', {}, tokens('t'))).rejects.toMatchObject({ message: 'Something went wrong!', status: 502 });
  });

  it('without a session token fails with the refresh message and sends nothing', async () => {
    const { ctx, requests } = context([]);
    await expect(callApi(ctx, '/x', {}, tokens(undefined))).rejects.toMatchObject({ message: 'Unable to verify. Please try after a moment!', status: 401 });
    expect(requests).toHaveLength(0);
  });

  it('times out after 10000 ms with the spec message', async () => {
    jest.useFakeTimers();
    const { ctx } = context([() => new Promise<Response>(() => undefined)]);
    const assertion = expect(callApi(ctx, '/slow', { auth: false }, tokens('t'))).rejects.toThrow('Could not load the activity, Please try again!');
    await jest.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS);
    await assertion;
    jest.useRealTimers();
  });
});

describe('fetchAccessToken (server)', () => {
  it('returns the token and customer id, without a Bearer header', async () => {
    const { ctx, requests } = context([() => json(200, { accessToken: 'tok', _id: 'cu_9' })]);
    await expect(fetchAccessToken(ctx)).resolves.toEqual({ accessToken: 'tok', customerId: 'cu_9' });
    expect(requests[0]!.url).toBe('http://in-process/api/auth/customer/web/generate-access-token');
    expect(requests[0]!.headers.get('authorization')).toBeNull();
  });

  it("answers 'Unable to verify…' when the answer has no accessToken or no session", async () => {
    const { ctx } = context([() => json(200, { _id: 'x' }), () => json(401, { errorMessage: 'No session' })]);
    await expect(fetchAccessToken(ctx)).rejects.toThrow('Unable to verify. Please try after a moment!');
    await expect(fetchAccessToken(ctx)).rejects.toMatchObject({ status: 401 });
  });
});
