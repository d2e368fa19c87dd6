process.env.SESSION_SECRET = 'unit-secret-unit-secret-unit-secret-0123456789';
import { SignJWT, UnsecuredJWT } from 'jose';
import { resetEnvCache } from '@/lib/edge/env';
import { signAccessToken, verifyAccessToken } from '@/lib/auth/access-token';

beforeAll(() => resetEnvCache());
const claims = { customerId: 'cus_1', clientId: 'cli_1', sessionId: 'ses_1' };

describe('access tokens', () => {
  it('round-trips the customer, brand and session', async () => {
    expect(await verifyAccessToken(await signAccessToken(claims))).toEqual(claims);
  });

  it("fails an expired token with exactly 'jwt expired'", async () => {
    const token = await signAccessToken(claims, { now: new Date(Date.now() - 10 * 60_000), ttlSeconds: 60 });
    await expect(verifyAccessToken(token)).rejects.toThrow(/^jwt expired$/);
  });

  it('refuses alg none, another key and another algorithm', async () => {
    const none = new UnsecuredJWT({ cid: 'cli_1', sid: 'ses_1' }).setSubject('cus_1').setExpirationTime('5m').encode();
    await expect(verifyAccessToken(none)).rejects.toThrow('Invalid token');
    const otherKey = await new SignJWT({ cid: 'cli_1', sid: 'ses_1' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('cus_1')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('x'.repeat(48)));
    await expect(verifyAccessToken(otherKey)).rejects.toThrow('Invalid token');
    const hs512 = await new SignJWT({ cid: 'cli_1', sid: 'ses_1' })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('cus_1')
      .setExpirationTime('5m')
      .sign(new Uint8Array(64));
    await expect(verifyAccessToken(hs512)).rejects.toThrow('Invalid token');
  });

  it('refuses a token without the brand or session claims', async () => {
    const { derivedKey } = await import('@/lib/auth/keys');
    const partial = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('cus_1').setExpirationTime('5m').sign(derivedKey('access-token'));
    await expect(verifyAccessToken(partial)).rejects.toThrow('Invalid token');
  });
});
