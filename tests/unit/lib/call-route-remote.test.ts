import { headers } from 'next/headers';
import { resetEnvCache } from '@/lib/edge/env';
import { callRoute, currentCustomer } from '@/lib/server/call-route';
import { customerProfileRoute } from '@/lib/api/customer/routes';
import { verifyCodeRoute } from '@/lib/api/verify/routes';
import { cloneInfoRoute } from '@/lib/api/client/routes';
import { ApiRequestError } from '@/lib/shared/fetch-rules';

// callRoute with BRAND_API_URL (lib/server/call-route.ts): the route's declaration gives the path,
// the access class whether a Bearer token goes, and the response schema parses what the other
// deployment answered. tests/e2e/remote-api.spec.ts runs it between two real servers.

jest.mock('next/headers', () => ({ headers: jest.fn() }));

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let sent: Request[];
let answers: Array<(req: Request) => Response>;

beforeEach(() => {
  process.env.BRAND_API_URL = 'http://api.internal:4000/';
  resetEnvCache();
  sent = [];
  (headers as unknown as jest.Mock).mockResolvedValue(new Headers({ host: 'acme.localhost', cookie: 'bv_session=sealed', 'x-forwarded-proto': 'http' }));
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const req = input as Request;
    sent.push(req);
    const next = answers.shift();
    if (!next) throw new Error(`unexpected ${req.url}`);
    return next(req);
  });
});
afterEach(() => {
  jest.restoreAllMocks();
  delete process.env.BRAND_API_URL;
  resetEnvCache();
});

const profile = {
  _id: 'cu_1',
  userName: 'Asha',
  companyName: null,
  gender: 'female',
  dob: null,
  vpa: null,
  emailId: 'asha@example.com',
  mobileNoDetails: null,
  address: { fullAddress: '', city: '', country: '', state: '', pincode: '' },
  dataStatus: 'ACTIVE',
  hasPassword: true,
  language: 'hi',
};

describe('callRoute over HTTP (BRAND_API_URL)', () => {
  it('sends a customer route with the Bearer token of the forwarded session, to the declared path, and parses the answer', async () => {
    answers = [() => json(200, { accessToken: 'tok', _id: 'cu_1' }), () => json(200, { ...profile, notInTheSchema: 'dropped' })];
    const answer = await callRoute(customerProfileRoute);
    expect(sent.map((r) => r.url)).toEqual(['http://api.internal:4000/api/auth/customer/web/generate-access-token', 'http://api.internal:4000/api/customer/customer-profile']);
    expect(sent[1]!.headers.get('authorization')).toBe('Bearer tok');
    expect(sent[1]!.headers.get('x-forwarded-host')).toBe('acme.localhost');
    expect(sent[1]!.headers.get('cookie')).toBe('bv_session=sealed');
    expect(answer).not.toHaveProperty('notInTheSchema');
    expect(answer.userName).toBe('Asha');
  });

  it('refreshes once on jwt expired and retries; a second refusal fails the call with the API\'s status', async () => {
    const expired = () => json(401, { errorMessage: 'jwt expired', code: 'unauthorized' });
    answers = [() => json(200, { accessToken: 'old', _id: 'cu_1' }), expired, () => json(200, { accessToken: 'new', _id: 'cu_1' }), () => json(200, profile)];
    await expect(callRoute(customerProfileRoute)).resolves.toMatchObject({ userName: 'Asha' });
    expect(sent[3]!.headers.get('authorization')).toBe('Bearer new');
    answers = [() => json(200, { accessToken: 'old', _id: 'cu_1' }), () => json(401, { errorMessage: 'Unauthorized', code: 'unauthorized' })];
    const err = await callRoute(customerProfileRoute).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect(err).toMatchObject({ status: 401, message: 'Unauthorized' });
  });

  it('sends an anonymous brand route without a token, with its params and query in the path', async () => {
    (headers as unknown as jest.Mock).mockResolvedValue(new Headers({ host: 'acme.localhost' }));
    answers = [(req) => json(422, { errorMessage: 'qrId: this is not a QR code of this brand', code: 'unprocessable', field: 'qrId', url: req.url })];
    const err = (await callRoute(verifyCodeRoute, { params: { route: 'info', qrId: 'a b' }, query: { lat: 18.52, lng: 73.86 } }).catch((e: unknown) => e)) as ApiRequestError;
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('http://api.internal:4000/api/verify/info/a%20b?lat=18.52&lng=73.86');
    expect(sent[0]!.headers.get('authorization')).toBeNull();
    expect(err).toMatchObject({ status: 422, message: 'qrId: this is not a QR code of this brand', body: { field: 'qrId' } });
  });

  it('refuses an answer its schema refuses', async () => {
    answers = [() => json(200, { organizationName: 42 })];
    await expect(callRoute(cloneInfoRoute)).rejects.toThrow();
  });

  it('reads the signed-in customer from the other deployment\'s token; its 401 is an ended session', async () => {
    answers = [() => json(200, { accessToken: 'tok', _id: 'cu_7' })];
    await expect(currentCustomer()).resolves.toEqual({ customerId: 'cu_7' });
    answers = [() => json(401, { errorMessage: 'Unauthorized', code: 'unauthorized' })];
    await expect(currentCustomer()).rejects.toMatchObject({ status: 401 });
  });
});
