import 'server-only';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { derivedKey } from './keys';

// Time-based one-time codes (RFC 6238) for the console's second factor (docs/console.md):
// SHA-1, 6 digits, 30-second steps, one step either side accepted for clock drift. A code is
// good once: the caller stores the step it was accepted at and passes it back as `lastStep`, and
// no code of that step or an earlier one is taken again. The secret is stored encrypted
// (AES-256-GCM under a key derived from the session secret), never in clear.

export const TOTP_PERIOD = 30;
export const TOTP_DIGITS = 6;
export const TOTP_WINDOW = 1;
const ISSUER = 'Brand console';

const totpOf = (secretBase32: string, label = 'staff') =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD, secret: Secret.fromBase32(secretBase32) });

/** A new random secret (160 bits), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri(secretBase32: string, email: string): string {
  return totpOf(secretBase32, email).toString();
}

/** The time step of a moment. */
export const totpStep = (now: number) => Math.floor(now / 1000 / TOTP_PERIOD);

/**
 * The step a code was made for, when it is right within the window and newer than `lastStep`;
 * otherwise null (wrong, malformed, too old, or already used).
 */
export function acceptTotp(secretBase32: string, code: string, lastStep: number | null | undefined, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  if (delta === null) return null;
  const step = totpStep(now) + delta;
  if (lastStep !== null && lastStep !== undefined && step <= lastStep) return null;
  return step;
}

/** The code of a moment (tests and the e2e helper compute codes the same way an app does). */
export function totpCode(secretBase32: string, now = Date.now()): string {
  return totpOf(secretBase32).generate({ timestamp: now });
}

/** The secret as stored: `v1.<iv>.<tag>.<ciphertext>`, base64url. */
export function sealTotpSecret(secretBase32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derivedKey('totp'), iv);
  const data = Buffer.concat([cipher.update(secretBase32, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

/** The secret from its stored form, or undefined when it was not sealed with this server's key. */
export function openTotpSecret(stored: string | null | undefined): string | undefined {
  const parts = stored?.split('.');
  if (!parts || parts.length !== 4 || parts[0] !== 'v1') return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', derivedKey('totp'), Buffer.from(parts[1]!, 'base64url'));
    decipher.setAuthTag(Buffer.from(parts[2]!, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(parts[3]!, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
