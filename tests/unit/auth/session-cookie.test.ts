import { endedSessionProof, isEndedSessionProof, sealSessionId, serializeSessionCookie, sessionCookieAttributes, unsealSessionId } from '@/lib/edge/session-cookie';

const secret = 'cookie-secret-cookie-secret-cookie-secret-01';

describe('sealSessionId / unsealSessionId', () => {
  it('round-trips a session id', async () => {
    expect(await unsealSessionId(await sealSessionId('ses_abc', secret), secret)).toBe('ses_abc');
  });

  it('gives undefined for a tampered seal, another secret, garbage or nothing', async () => {
    const sealed = await sealSessionId('ses_abc', secret);
    const tampered = sealed.replace(/\*([^*]{4})/, (_m, s: string) => `*${s === 'AAAA' ? 'BBBB' : 'AAAA'}`);
    expect(await unsealSessionId(tampered, secret)).toBeUndefined();
    expect(await unsealSessionId(sealed, 'another-secret-another-secret-another-secret')).toBeUndefined();
    expect(await unsealSessionId('Fe26.2*garbage~2', secret)).toBeUndefined();
    expect(await unsealSessionId(undefined, secret)).toBeUndefined();
  });
});

describe('sessionCookieAttributes', () => {
  it('is HttpOnly, SameSite=Lax and Secure only when asked, for a brand that is not embedded', () => {
    expect(serializeSessionCookie('v', sessionCookieAttributes({ embedding: false, secure: false }), 60)).toBe('bv_session=v; Path=/; Max-Age=60; HttpOnly; SameSite=Lax');
    expect(serializeSessionCookie('v', sessionCookieAttributes({ embedding: false, secure: true }), 60)).toBe('bv_session=v; Path=/; Max-Age=60; HttpOnly; SameSite=Lax; Secure');
  });

  it('is SameSite=None; Secure; Partitioned for an embedded brand, even when the request is not secure', () => {
    expect(serializeSessionCookie('v', sessionCookieAttributes({ embedding: true, secure: false }), 0)).toBe(
      'bv_session=v; Path=/; Max-Age=0; HttpOnly; SameSite=None; Secure; Partitioned',
    );
  });
});

describe('endedSessionProof', () => {
  it('is an HMAC of the time and the cookie that only the secret makes, checked exactly', async () => {
    const { createHmac } = await import('node:crypto');
    const now = Date.parse('2026-11-24T12:00:00Z');
    const at = Math.floor(now / 1000).toString(36);
    const proof = await endedSessionProof('sealed-cookie', secret, now);
    expect(proof).toBe(`${at}.${createHmac('sha256', secret).update(`ended-session:${at}:sealed-cookie`).digest('base64url').slice(0, 32)}`);
    expect(await isEndedSessionProof(proof, 'sealed-cookie', secret, now)).toBe(true);
    expect(await isEndedSessionProof(proof, 'another-cookie', secret, now)).toBe(false);
    expect(await isEndedSessionProof(proof, 'sealed-cookie', `${secret}x`, now)).toBe(false);
    expect(await isEndedSessionProof(`${proof.slice(0, -1)}${proof.endsWith('A') ? 'B' : 'A'}`, 'sealed-cookie', secret, now)).toBe(false);
    expect(await isEndedSessionProof('1', 'sealed-cookie', secret, now)).toBe(false);
    expect(await isEndedSessionProof(null, 'sealed-cookie', secret, now)).toBe(false);
    expect(await isEndedSessionProof(proof, undefined, secret, now)).toBe(false);
    // Another time under the same MAC is refused.
    const later = Math.floor(now / 1000 + 5).toString(36);
    expect(await isEndedSessionProof(proof.replace(/^[^.]+/, later), 'sealed-cookie', secret, now)).toBe(false);
  });

  it('expires: good for ten minutes after it was made, not before it was made', async () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    const proof = await endedSessionProof('sealed-cookie', secret, now);
    expect(await isEndedSessionProof(proof, 'sealed-cookie', secret, now + 599_000)).toBe(true);
    expect(await isEndedSessionProof(proof, 'sealed-cookie', secret, now + 601_000)).toBe(false);
    expect(await isEndedSessionProof(proof, 'sealed-cookie', secret, now - 3_600_000)).toBe(false);
  });
});
