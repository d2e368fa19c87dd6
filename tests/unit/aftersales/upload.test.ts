// Runs in the node environment: it has fetch's Response, Headers and FormData.
import { callWithHeaders, fetchBlob, upload } from '@/lib/client/upload';
import { authStore } from '@/lib/client/status';
import { ApiRequestError } from '@/lib/shared/fetch-rules';
import { header, jsonAnswer as json, mockClientFetch } from '@/tests/support/client-fetch';

// The multipart, header and download calls follow the rules of the JSON client.

const { calls, answers, reload } = mockClientFetch();

describe('upload', () => {
  it('sends the FormData as is, with Bearer, CSRF header and credentials, and no JSON content type', async () => {
    answers.push(() => json(200, { accessToken: 't1', _id: 'c1' }), () => json(201, { ticketId: 'TKT-000001' }));
    const form = new FormData();
    form.set('category', 'Other');
    await expect(upload('/customer/complaints', form)).resolves.toEqual({ ticketId: 'TKT-000001' });
    const call = calls[1]!;
    expect(call.url).toBe('/api/customer/complaints');
    expect(call.init.method).toBe('POST');
    expect(call.init.body).toBe(form);
    expect(call.init.credentials).toBe('include');
    expect(header(call, 'authorization')).toBe('Bearer t1');
    expect(header(call, 'x-requested-with')).toBe('fetch');
    expect(header(call, 'content-type')).toBeNull();
  });

  it("refreshes once on 'jwt expired' and sends the form again with the new token", async () => {
    authStore.set({ status: 'SUCCESS', accessToken: 'old' });
    answers.push(() => json(401, { errorMessage: 'jwt expired' }), () => json(200, { accessToken: 'new', _id: 'c' }), () => json(201, { ok: true }));
    await expect(upload('/customer/warranties', new FormData())).resolves.toEqual({ ok: true });
    expect(header(calls[2]!, 'authorization')).toBe('Bearer new');
    expect(reload).not.toHaveBeenCalled();
  });

  it("throws the API's message with its status for 413, 415 and 422 answers", async () => {
    authStore.set({ status: 'SUCCESS', accessToken: 't' });
    answers.push(() => json(415, { errorMessage: 'invoice: not an image or PDF', code: 'unsupported_media_type' }));
    const err = (await upload('/customer/warranties', new FormData()).catch((e: unknown) => e)) as ApiRequestError;
    expect(err).toBeInstanceOf(ApiRequestError);
    expect(err.status).toBe(415);
    expect(err.message).toBe('invoice: not an image or PDF');
  });

  it('logs out and reloads on a 401 that is not an expired token', async () => {
    authStore.set({ status: 'SUCCESS', accessToken: 't' });
    answers.push(() => json(401, { errorMessage: 'Unauthorized' }), () => json(200, {}));
    await expect(upload('/customer/complaints', new FormData())).rejects.toMatchObject({ status: 401 });
    expect(calls[1]!.url).toBe('/api/auth/customer/logout');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('callWithHeaders and fetchBlob', () => {
  it('sends extra headers such as Idempotency-Key', async () => {
    authStore.set({ status: 'SUCCESS', accessToken: 't' });
    answers.push(() => json(200, { payoutId: 'p1' }));
    await callWithHeaders('/customer/rewards/g1/claim', 'POST', { 'idempotency-key': 'abc-12345' });
    expect(header(calls[0]!, 'idempotency-key')).toBe('abc-12345');
    expect(header(calls[0]!, 'x-requested-with')).toBe('fetch');
  });

  it('answers the bytes and headers of a file, or the error of a missing one', async () => {
    authStore.set({ status: 'SUCCESS', accessToken: 't' });
    answers.push(
      () => new Response(new Uint8Array([1, 2, 3]), { status: 200, headers: { 'content-type': 'image/png', 'content-disposition': 'inline; filename="a.png"' } }),
      () => json(404, { errorMessage: 'Not found' }),
    );
    const { blob, headers } = await fetchBlob('/customer/files/f1');
    expect(blob.size).toBe(3);
    expect(blob.type).toBe('image/png');
    expect(headers.get('content-disposition')).toContain('a.png');
    expect(header(calls[0]!, 'x-requested-with')).toBeNull();
    await expect(fetchBlob('/customer/files/f2')).rejects.toMatchObject({ status: 404, message: 'Not found' });
  });
});
