import 'server-only';
import { createHmac, hkdfSync } from 'node:crypto';
import { env } from '@/lib/edge/env';
import { ensureSessionSecret } from '@/lib/secrets';

// Keys derived from SESSION_SECRET, one per purpose (HKDF), so a leak of one use does not
// forge another: the cookie seal uses the secret itself (iron-session derives its own keys).

export function sessionSecret(): string {
  return env().SESSION_SECRET ?? ensureSessionSecret();
}

const cache = new Map<string, Buffer>();
export function derivedKey(purpose: 'access-token' | 'otp' | 'totp' | 'recovery-code' | 'gs1-signing'): Buffer {
  const secret = sessionSecret();
  const id = `${purpose}:${secret}`;
  let key = cache.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'brand-verify', purpose, 32));
    cache.set(id, key);
  }
  return key;
}

export function hmac(purpose: 'otp', data: string): string {
  return createHmac('sha256', derivedKey(purpose)).update(data).digest('base64url');
}
