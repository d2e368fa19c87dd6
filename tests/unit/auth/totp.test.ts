import { acceptTotp, newTotpSecret, openTotpSecret, sealTotpSecret, totpCode, totpStep, totpUri, TOTP_PERIOD } from '@/lib/auth/totp';

// The console's second factor (lib/auth/totp.ts): RFC 6238 codes, one step of drift either side,
// each code taken once, the secret stored sealed.

process.env.SESSION_SECRET ??= 'totp-test-secret-totp-test-secret-0123456789';

const T = Date.UTC(2026, 0, 1, 12, 0, 10); // 10 s into a step
const step = (n: number) => T + n * TOTP_PERIOD * 1000;

describe('acceptTotp', () => {
  const secret = newTotpSecret();

  it('accepts the current code and answers its step', () => {
    expect(acceptTotp(secret, totpCode(secret, T), null, T)).toBe(totpStep(T));
  });

  it('accepts the codes of one step before and after, and no further', () => {
    expect(acceptTotp(secret, totpCode(secret, step(-1)), null, T)).toBe(totpStep(T) - 1);
    expect(acceptTotp(secret, totpCode(secret, step(1)), null, T)).toBe(totpStep(T) + 1);
    expect(acceptTotp(secret, totpCode(secret, step(-2)), null, T)).toBeNull();
    expect(acceptTotp(secret, totpCode(secret, step(2)), null, T)).toBeNull();
  });

  it('refuses a code of the step already used, and of any earlier step', () => {
    const used = acceptTotp(secret, totpCode(secret, T), null, T)!;
    expect(acceptTotp(secret, totpCode(secret, T), used, T)).toBeNull();
    expect(acceptTotp(secret, totpCode(secret, step(-1)), used, T)).toBeNull();
    // The next step's code is still good (a new code, not a replay).
    expect(acceptTotp(secret, totpCode(secret, step(1)), used, step(1))).toBe(used + 1);
  });

  it('refuses malformed codes and another secret’s code', () => {
    for (const bad of ['', '12345', '1234567', '12a456', ' 123456']) expect(acceptTotp(secret, bad, null, T)).toBeNull();
    const other = newTotpSecret();
    const code = totpCode(other, T);
    // (A one-in-a-million coincidence of the two secrets' codes would make this flaky; pick another time then.)
    expect(acceptTotp(secret, code, null, T) === null || totpCode(secret, T) === code).toBe(true);
  });
});

describe('the stored secret', () => {
  it('is sealed: the secret is not in it, and it opens to the secret', () => {
    const secret = newTotpSecret();
    const sealed = sealTotpSecret(secret);
    expect(sealed).not.toContain(secret);
    expect(openTotpSecret(sealed)).toBe(secret);
  });

  it('does not open when tampered or malformed', () => {
    const sealed = sealTotpSecret(newTotpSecret());
    const parts = sealed.split('.');
    parts[3] = parts[3]!.slice(0, -2) + (parts[3]!.endsWith('AA') ? 'BB' : 'AA');
    expect(openTotpSecret(parts.join('.'))).toBeUndefined();
    expect(openTotpSecret('v1.x.y')).toBeUndefined();
    expect(openTotpSecret(null)).toBeUndefined();
  });
});

it('names the account and the issuer in the otpauth URI', () => {
  const uri = totpUri(newTotpSecret(), 'owner@example.com');
  expect(uri).toMatch(/^otpauth:\/\/totp\/Brand%20console:owner%40example\.com\?/);
  expect(uri).toContain('algorithm=SHA1');
  expect(uri).toContain('digits=6');
  expect(uri).toContain('period=30');
});
