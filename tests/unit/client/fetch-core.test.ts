// Runs in the node environment: it has fetch's Response, Headers and FormData.
import { UPLOAD_TIMEOUT_MS, coreFetch, sendOnce, type OutgoingInit, type Tokens, type Transport } from '@/lib/shared/fetch-core';
import { ApiRequestError, HTTP_TIMEOUT_MS, TIMEOUT_MESSAGE, answerOf } from '@/lib/shared/fetch-rules';
import { upload } from '@/lib/client/upload';
import { submitReport } from '@/lib/client/report';
import { authStore } from '@/lib/client/status';
import { header, jsonAnswer as json, mockClientFetch } from '@/tests/support/client-fetch';

// The one fetch core, with a fake transport; then the browser's upload and report paths over it,
// with a fake fetch. Timeouts run on fake timers: nothing here waits for real time.

type Sent = { path: string; init: OutgoingInit };

function fakeTransport(answers: Array<(init: OutgoingInit) => Response | Promise<Response>>) {
  const sent: Sent[] = [];
  const transport: Transport = async (path, init) => {
    sent.push({ path, init });
    const next = answers.shift();
    if (!next) throw new Error('unexpected request ' + path);
    return next(init);
  };
  return { sent, transport };
}

function fakeTokens(current = 'old', fresh = 'new') {
  return {
    current: jest.fn(async () => current),
    refresh: jest.fn(async () => fresh),
    unauthorized: jest.fn(async () => undefined),
  } satisfies Tokens;
}

/** A request that settles only by its abort signal. */
const hanging = (init: OutgoingInit) =>
  new Promise<Response>((_, reject) => init.signal.addEventListener('abort', () => reject(new Error('aborted'))));

afterEach(() => jest.useRealTimers());

describe('the fetch core', () => {
  it('sends a JSON body as application/json with the CSRF header and the Bearer token', async () => {
    const { sent, transport } = fakeTransport([() => json(200, { ok: 1 })]);
    const res = await coreFetch(transport, '/customer/feedback', { method: 'POST', body: { rating: 5 } }, fakeTokens('t1'));
    expect(await res.json()).toEqual({ ok: 1 });
    const { headers, body, method } = sent[0]!.init;
    expect([sent[0]!.path, method, body]).toEqual(['/customer/feedback', 'POST', '{"rating":5}']);
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('x-requested-with')).toBe('fetch');
    expect(headers.get('authorization')).toBe('Bearer t1');
    expect(headers.get('accept')).toBe('application/json');
  });

  it('sends a FormData as it is, without a content type, and no CSRF header on a GET', async () => {
    const form = new FormData();
    form.set('description', 'torn seal');
    const { sent, transport } = fakeTransport([() => json(201, {}), () => json(200, {})]);
    await sendOnce(transport, '/report', { method: 'POST', body: form });
    await sendOnce(transport, '/rewards');
    expect(sent[0]!.init.body).toBe(form);
    expect(sent[0]!.init.headers.get('content-type')).toBeNull();
    expect(sent[0]!.init.headers.get('authorization')).toBeNull();
    expect(sent[1]!.init.headers.get('x-requested-with')).toBeNull();
  });

  it("refreshes the token once on 'jwt expired' and retries with the new one", async () => {
    const tokens = fakeTokens();
    const { sent, transport } = fakeTransport([() => json(401, { errorMessage: 'jwt expired' }), () => json(200, { done: true })]);
    const res = await coreFetch(transport, '/x', {}, tokens);
    expect(res.status).toBe(200);
    expect(sent.map((s) => s.init.headers.get('authorization'))).toEqual(['Bearer old', 'Bearer new']);
    expect(tokens.refresh).toHaveBeenCalledTimes(1);
    expect(tokens.unauthorized).not.toHaveBeenCalled();
  });

  it("refreshes only once: a retry answered 'jwt expired' again is the call's answer", async () => {
    const tokens = fakeTokens();
    const { sent, transport } = fakeTransport([() => json(400, { errorMessage: 'jwt expired' }), () => json(400, { errorMessage: 'jwt expired' })]);
    const res = await coreFetch(transport, '/x', {}, tokens);
    expect(res.status).toBe(400);
    expect(sent).toHaveLength(2);
    expect(tokens.refresh).toHaveBeenCalledTimes(1);
  });

  it('on a 401 runs the unauthorized step once, then answers the 401, which fails with its message, status and body', async () => {
    const tokens = fakeTokens();
    const { transport } = fakeTransport([() => json(401, { errorMessage: 'Session ended', code: 'unauthorized' })]);
    const res = await coreFetch(transport, '/x', {}, tokens);
    expect(tokens.unauthorized).toHaveBeenCalledTimes(1);
    const err = (await answerOf(res).catch((e: unknown) => e)) as ApiRequestError;
    expect(err).toBeInstanceOf(ApiRequestError);
    expect([err.status, err.message, err.body]).toEqual([401, 'Session ended', { errorMessage: 'Session ended', code: 'unauthorized' }]);
    expect(tokens.unauthorized).toHaveBeenCalledTimes(1);
    expect(tokens.refresh).not.toHaveBeenCalled();
  });

  it('a 401 after the retry runs the unauthorized step too', async () => {
    const tokens = fakeTokens();
    const { transport } = fakeTransport([() => json(401, { errorMessage: 'jwt expired' }), () => json(401, { errorMessage: 'Unauthorized' })]);
    const res = await coreFetch(transport, '/x', {}, tokens);
    expect(tokens.unauthorized).toHaveBeenCalledTimes(1);
    await expect(answerOf(res)).rejects.toMatchObject({ status: 401, message: 'Unauthorized' });
  });

  it('a public call (no tokens) sends no token and runs no unauthorized step', async () => {
    const { sent, transport } = fakeTransport([() => json(401, { errorMessage: 'Wrong password' })]);
    const res = await coreFetch(transport, '/auth/customer/web/login', { method: 'POST', body: {} });
    expect(res.status).toBe(401);
    expect(sent[0]!.init.headers.get('authorization')).toBeNull();
  });

  it('times a JSON call out after HTTP_TIMEOUT_MS, aborting it', async () => {
    jest.useFakeTimers();
    const { sent, transport } = fakeTransport([hanging]);
    const result = coreFetch(transport, '/slow', {}, fakeTokens()).catch((e: ApiRequestError) => e);
    await jest.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1);
    expect(sent[0]!.init.signal.aborted).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(await result).toMatchObject({ message: TIMEOUT_MESSAGE, status: 408 });
    expect(sent[0]!.init.signal.aborted).toBe(true);
  });

  it('gives a call its own timeout when it names one', async () => {
    jest.useFakeTimers();
    const { sent, transport } = fakeTransport([hanging]);
    const result = sendOnce(transport, '/file', { timeoutMs: UPLOAD_TIMEOUT_MS }).catch((e: ApiRequestError) => e);
    await jest.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS);
    expect(sent[0]!.init.signal.aborted).toBe(false);
    await jest.advanceTimersByTimeAsync(UPLOAD_TIMEOUT_MS - HTTP_TIMEOUT_MS);
    expect(await result).toMatchObject({ message: TIMEOUT_MESSAGE });
    expect(sent[0]!.init.signal.aborted).toBe(true);
  });
});

describe('uploads and the report over the core (browser)', () => {
  const { calls, answers, reload } = mockClientFetch();
  const hangingFetch = () => {
    const signal = calls.at(-1)!.init.signal!;
    return new Promise<Response>((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
  };

  it('an upload waits UPLOAD_TIMEOUT_MS, longer than a JSON call, before it times out', async () => {
    expect(UPLOAD_TIMEOUT_MS).toBeGreaterThan(HTTP_TIMEOUT_MS);
    jest.useFakeTimers();
    authStore.set({ status: 'SUCCESS', accessToken: 't' });
    answers.push(hangingFetch);
    const result = upload('/customer/complaints', new FormData()).catch((e: ApiRequestError) => e);
    await jest.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS);
    expect(calls[0]!.init.signal!.aborted).toBe(false);
    await jest.advanceTimersByTimeAsync(UPLOAD_TIMEOUT_MS - HTTP_TIMEOUT_MS);
    expect(await result).toMatchObject({ message: TIMEOUT_MESSAGE, status: 408 });
  });

  it('the report is a multipart POST /api/report with Bearer, CSRF header and credentials', async () => {
    answers.push(() => json(200, { accessToken: 't1', _id: 'c1' }), () => json(201, { reportId: 'r1', photoStored: true }));
    const form = new FormData();
    form.set('description', 'The seal was broken');
    await expect(submitReport(form)).resolves.toEqual({ reportId: 'r1', photoStored: true });
    const call = calls[1]!;
    expect([call.url, call.init.method, call.init.body, call.init.credentials]).toEqual(['/api/report', 'POST', form, 'include']);
    expect(header(call, 'authorization')).toBe('Bearer t1');
    expect(header(call, 'x-requested-with')).toBe('fetch');
    expect(header(call, 'content-type')).toBeNull();
  });

  it("the report refreshes once on 'jwt expired' and sends the form again", async () => {
    authStore.set({ status: 'SUCCESS', accessToken: 'old' });
    answers.push(() => json(401, { errorMessage: 'jwt expired' }), () => json(200, { accessToken: 'new', _id: 'c' }), () => json(201, { reportId: 'r2', photoStored: false }));
    const form = new FormData();
    await expect(submitReport(form)).resolves.toEqual({ reportId: 'r2', photoStored: false });
    expect(calls.map((c) => c.url)).toEqual(['/api/report', '/api/auth/customer/web/generate-access-token', '/api/report']);
    expect(header(calls[2]!, 'authorization')).toBe('Bearer new');
    expect(calls[2]!.init.body).toBe(form);
  });

  it('the report logs out and reloads on a 401', async () => {
    authStore.set({ status: 'SUCCESS', accessToken: 't' });
    answers.push(() => json(401, { errorMessage: 'Unauthorized' }), () => json(200, { success: true }));
    await expect(submitReport(new FormData())).rejects.toMatchObject({ status: 401, message: 'Unauthorized' });
    expect(calls[1]!.url).toBe('/api/auth/customer/logout');
    expect(calls[1]!.init.method).toBe('POST');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('the report, which may carry a photo, has the upload timeout', async () => {
    jest.useFakeTimers();
    authStore.set({ status: 'SUCCESS', accessToken: 't' });
    answers.push(hangingFetch);
    const result = submitReport(new FormData()).catch((e: ApiRequestError) => e);
    await jest.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS);
    expect(calls[0]!.init.signal!.aborted).toBe(false);
    await jest.advanceTimersByTimeAsync(UPLOAD_TIMEOUT_MS - HTTP_TIMEOUT_MS);
    expect(await result).toMatchObject({ message: TIMEOUT_MESSAGE });
    expect(calls[0]!.init.signal!.aborted).toBe(true);
  });
});
