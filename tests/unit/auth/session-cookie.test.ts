import { endedSessionProof, isEndedSessionProof, sealSessionId, serializeSessionCookie, sessionCookieAttributes, unsealSessionId } from '@/lib/session-cookie';

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
  it('is an HMAC of the cookie that only the secret makes, checked exactly', async () => {
    const { createHmac } = await import('node:crypto');
    const proof = await endedSessionProof('sealed-cookie', secret);
    expect(proof).toBe(createHmac('sha256', secret).update('ended-session:sealed-cookie').digest('base64url').slice(0, 32));
    expect(await isEndedSessionProof(proof, 'sealed-cookie', secret)).toBe(true);
    expect(await isEndedSessionProof(proof, 'another-cookie', secret)).toBe(false);
    expect(await isEndedSessionProof(proof, 'sealed-cookie', `${secret}x`)).toBe(false);
    expect(await isEndedSessionProof(`${proof.slice(0, -1)}${proof.endsWith('A') ? 'B' : 'A'}`, 'sealed-cookie', secret)).toBe(false);
    expect(await isEndedSessionProof('1', 'sealed-cookie', secret)).toBe(false);
    expect(await isEndedSessionProof(null, 'sealed-cookie', secret)).toBe(false);
    expect(await isEndedSessionProof(proof, undefined, secret)).toBe(false);
  });
});
