import { SignJWT } from 'jose';
import { call, createTestBrand, apiServerForFile } from '../support/api-server';
import { signAccessToken } from '@/lib/auth/access-token';
import { SESSION_COOKIE, sealSessionId } from '@/lib/edge/session-cookie';
import { accessToken, signUpWithPassword, uniqueEmail } from './auth-support';

// Session cookies and access tokens: what is refused, and how.

jest.setTimeout(30_000); // password hashing is deliberately slow, more so on a busy 2-core CI machine
const server = apiServerForFile();

const profile = (host: string, token: string) => call(server, host, 'GET', '/api/customer/customer-profile', { token });
const UNAUTHORIZED = { errorMessage: 'Unauthorized', code: 'unauthorized' };

async function signedIn() {
  const brand = await createTestBrand();
  const { cookie, customerId } = await signUpWithPassword(server, brand.domain, uniqueEmail());
  const token = (await accessToken(server, brand.domain, cookie)).body.accessToken as string;
  return { brand, cookie, customerId, token };
}

function b64(obj: object) {
  return Buffer.from(JSON.stringify(obj)).toString('base64url');
}

describe('GET /api/auth/customer/web/generate-access-token', () => {
  it('answers 401 without a cookie, with a tampered cookie and with a seal made by another secret', async () => {
    const { brand, cookie } = await signedIn();
    expect((await accessToken(server, brand.domain, undefined)).body).toEqual(UNAUTHORIZED);
    const value = cookie.slice(SESSION_COOKIE.length + 1);
    const flipped = value.slice(0, 40) + (value[40] === 'A' ? 'B' : 'A') + value.slice(41);
    expect((await accessToken(server, brand.domain, `${SESSION_COOKIE}=${flipped}`)).status).toBe(401);
    expect((await accessToken(server, brand.domain, `${SESSION_COOKIE}=garbage`)).status).toBe(401);
    const foreign = await sealSessionId('ses_whatever', 'another-secret-another-secret-another-secret');
    expect((await accessToken(server, brand.domain, `${SESSION_COOKIE}=${foreign}`)).status).toBe(401);
  });

  it('answers 401 for a session of another brand', async () => {
    const { cookie } = await signedIn();
    const other = await createTestBrand();
    expect((await accessToken(server, other.domain, cookie)).status).toBe(401);
  });

  it('answers 401 to a replayed cookie after logout', async () => {
    const { brand, cookie, token } = await signedIn();
    const out = await call(server, brand.domain, 'POST', '/api/auth/customer/logout', { cookie });
    expect(out.body).toEqual({ success: true });
    expect((await accessToken(server, brand.domain, cookie)).status).toBe(401);
    expect((await profile(brand.domain, token)).status).toBe(401);
  });
});

describe('POST /api/auth/customer/logout', () => {
  it('succeeds and clears the cookie even without a session', async () => {
    const brand = await createTestBrand();
    const res = await call(server, brand.domain, 'POST', '/api/auth/customer/logout');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(res.headers['set-cookie']![0]).toMatch(/Max-Age=0/);
  });
});

describe('access tokens on signed-in routes', () => {
  it('answers 401 without a token or with a malformed one', async () => {
    const { brand } = await signedIn();
    expect((await call(server, brand.domain, 'GET', '/api/customer/customer-profile')).body).toEqual(UNAUTHORIZED);
    expect((await profile(brand.domain, 'not-a-jwt')).status).toBe(401);
  });

  it('refuses a token with alg none', async () => {
    const { brand, token } = await signedIn();
    const payload = token.split('.')[1]!;
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const res = await profile(brand.domain, none);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTHORIZED);
  });

  it('refuses a token signed with another key', async () => {
    const { brand, token, customerId } = await signedIn();
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    const forged = await new SignJWT({ cid: claims.cid, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(customerId)
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('some-other-key-some-other-key-some-other'));
    expect((await profile(brand.domain, forged)).status).toBe(401);
  });

  it('refuses a token of another brand', async () => {
    const { token } = await signedIn();
    const other = await createTestBrand();
    expect((await profile(other.domain, token)).status).toBe(401);
  });

  it("answers an expired token with 401 'jwt expired'", async () => {
    const { brand, token } = await signedIn();
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    const expired = await signAccessToken(
      { customerId: claims.sub, clientId: claims.cid, sessionId: claims.sid },
      { now: new Date(Date.now() - 3600_000), ttlSeconds: 60 },
    );
    const res = await profile(brand.domain, expired);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ errorMessage: 'jwt expired', code: 'unauthorized' });
    expect((await profile(brand.domain, token)).status).toBe(200);
  });

  it('carries the customer, the brand and the session, and lives ACCESS_TOKEN_TTL_SECONDS', async () => {
    const { brand, token, customerId } = await signedIn();
    const [header, payload] = token.split('.').slice(0, 2).map((p) => JSON.parse(Buffer.from(p, 'base64url').toString()));
    expect(header.alg).toBe('HS256');
    expect(payload).toMatchObject({ sub: customerId, cid: brand.id, sid: expect.stringMatching(/^ses_/) });
    expect(payload.exp - payload.iat).toBe(300);
  });
});

describe('the session cookie', () => {
  it('is SameSite=None; Secure; Partitioned when the brand is embedded', async () => {
    const brand = await createTestBrand({ ui: { isEmbeddingRequired: true, embeddingURL: 'https://shop.example.com/app' } });
    const { res } = await signUpWithPassword(server, brand.domain, uniqueEmail());
    expect(res.headers['set-cookie']![0]).toMatch(/; HttpOnly; SameSite=None; Secure; Partitioned$/);
  });
});
