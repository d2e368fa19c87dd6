// Runs in the node environment: it has fetch's Response and Headers; jsdom does not.
import { http, refreshAccessToken, signOut } from '@/lib/client/http';
import { authStore } from '@/lib/client/status';
import { HTTP_TIMEOUT_MS, type ApiRequestError } from '@/lib/shared/fetch-rules';
import { header, jsonAnswer, mockClientFetch } from '@/tests/support/client-fetch';

// The browser's client of the Brand API, against a mocked fetch.

const { calls, answers, reload } = mockClientFetch();
const json = (status: number, body: unknown) => jsonAnswer(status, body, { 'x-trace': 'kept' });

describe('http (browser)', () => {
  it('refreshes a token first, then sends it as Bearer with credentials', async () => {
    answers.push(() => json(200, { accessToken: 't1', _id: 'cu_1' }), () => json(200, { ok: 1 }));
    await expect(http('/customer/customer-profile')).resolves.toEqual({ ok: 1 });
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/customer/web/generate-access-token', '/api/customer/customer-profile']);
    expect(header(calls[0]!, 'authorization')).toBeNull();
    expect(header(calls[1]!, 'authorization')).toBe('Bearer t1');
    expect(calls.every((c) => c.init.credentials === 'include')).toBe(true);
    expect(authStore.get()).toEqual({ status: 'SUCCESS', accessToken: 't1', customerId: 'cu_1' });
  });

  it('sends the x-requested-with header on state-changing calls only', async () => {
    answers.push(() => json(200, {}), () => json(200, {}));
    await http('/a', { auth: false });
    await http('/b', { method: 'POST', body: { x: 1 }, auth: false });
    expect(header(calls[0]!, 'x-requested-with')).toBeNull();
    expect(header(calls[1]!, 'x-requested-with')).toBe('fetch');
    expect(calls[1]!.init.body).toBe('{"x":1}');
  });

  it("refreshes once on 'jwt expired' and retries the call with the new token", async () => {
    answers.push(
      () => json(200, { accessToken: 'old', _id: 'c' }),
      () => json(401, { errorMessage: 'jwt expired', code: 'unauthorized' }),
      () => json(200, { accessToken: 'new', _id: 'c' }),
      () => json(200, { done: true }),
    );
    await expect(http('/x')).resolves.toEqual({ done: true });
    expect(calls).toHaveLength(4);
    expect(header(calls[3]!, 'authorization')).toBe('Bearer new');
    expect(reload).not.toHaveBeenCalled();
  });

  it("does not retry twice when the retried call is 'jwt expired' again", async () => {
    answers.push(
      () => json(200, { accessToken: 'a', _id: 'c' }),
      () => json(400, { errorMessage: 'jwt expired' }),
      () => json(200, { accessToken: 'b', _id: 'c' }),
      () => json(400, { errorMessage: 'jwt expired' }),
    );
    await expect(http('/x')).rejects.toMatchObject({ message: 'jwt expired', status: 400 });
    expect(calls).toHaveLength(4);
  });

  it('a token refresh that ends after sign-out began changes nothing: no FAILED status (no redirect), no token kept', async () => {
    let answerRefresh!: (r: Response) => void;
    answers.push(() => new Promise<Response>((r) => (answerRefresh = r)), () => json(200, { success: true }));
    const refresh = refreshAccessToken().catch((e: ApiRequestError) => e);
    const out = signOut();
    await out;
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/customer/web/generate-access-token', '/api/auth/customer/logout']);
    answerRefresh(json(401, { errorMessage: 'Session ended' }));
    await refresh;
    expect(authStore.get()).toEqual({ status: 'DEFAULT' });

    // the same for a refresh that succeeds late: its token is of the ended session
    answers.push(() => new Promise<Response>((r) => (answerRefresh = r)), () => json(200, { success: true }));
    const late = refreshAccessToken();
    await signOut();
    answerRefresh(json(200, { accessToken: 'stale', _id: 'c' }));
    await late;
    expect(authStore.get()).toEqual({ status: 'DEFAULT' });
  });

  it('on a 401 logs out and reloads the page', async () => {
    answers.push(() => json(200, { accessToken: 'a', _id: 'c' }), () => json(401, { errorMessage: 'Session ended' }), () => json(200, { success: true }));
    await expect(http('/x')).rejects.toMatchObject({ status: 401, message: 'Session ended' });
    expect(calls[2]!.url).toBe('/api/auth/customer/logout');
    expect(calls[2]!.init.method).toBe('POST');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('still reloads when that logout fails, and only logs the failure', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    answers.push(() => json(200, { accessToken: 'a', _id: 'c' }), () => json(401, {}), () => Promise.reject(new TypeError('offline')));
    await expect(http('/x')).rejects.toMatchObject({ status: 401 });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('takes the message from errorMessage, then message, then the fallback, keeping status and headers', async () => {
    answers.push(() => json(422, { errorMessage: 'contact: bad', message: 'other' }), () => json(409, { message: 'from message' }), () => new Response('oops', { status: 500 }));
    await expect(http('/a', { auth: false })).rejects.toMatchObject({ message: 'contact: bad', status: 422 });
    await expect(http('/a', { auth: false })).rejects.toMatchObject({ message: 'from message', status: 409 });
    const err = (await http('/a', { auth: false }).catch((e: unknown) => e)) as ApiRequestError;
    expect(err.message).toBe('Something went wrong!');
    expect(err.status).toBe(500);
  });

  it("uses the error's own message when the request itself fails", async () => {
    answers.push(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(http('/a', { auth: false })).rejects.toThrow('Failed to fetch');
  });

  it('keeps the headers of a failed answer', async () => {
    answers.push(() => json(429, { errorMessage: 'slow down' }));
    const err = (await http('/a', { auth: false }).catch((e: unknown) => e)) as ApiRequestError;
    expect(err.headers.get('x-trace')).toBe('kept');
  });

  it('gives up after 10000 ms with the timeout message', async () => {
    jest.useFakeTimers();
    answers.push(() => new Promise<Response>(() => undefined));
    const pending = http('/slow', { auth: false });
    const assertion = expect(pending).rejects.toThrow('Could not load the activity, Please try again!');
    jest.advanceTimersByTime(HTTP_TIMEOUT_MS);
    await assertion;
    jest.useRealTimers();
  });

  it('a refresh without accessToken fails with the spec message and auth status FAILED', async () => {
    answers.push(() => json(200, { _id: 'c' }));
    await expect(refreshAccessToken()).rejects.toThrow('Unable to verify. Please try after a moment!');
    expect(authStore.get().status).toBe('FAILED');
    answers.push(() => json(401, { errorMessage: 'No session' }));
    await expect(refreshAccessToken()).rejects.toMatchObject({ message: 'Unable to verify. Please try after a moment!', status: 401 });
  });
});
