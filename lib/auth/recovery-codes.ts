import 'server-only';
import { createHmac, randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH, recoveryCodeFromBytes } from '@/lib/domain/recovery-codes';
import { derivedKey } from './keys';

// Making and hashing staff recovery codes (docs/security.md, "Recovery codes").
//
// Why a keyed hash and not scrypt: a code is 60 random bits, not a password a person chose, so
// nothing is gained by slowing each guess down; what a stolen table must not allow is checking
// guesses offline, and the key (HKDF of the session secret, never in the database) prevents that
// outright. A keyed hash is also deterministic, so the one right row is found by an indexed
// equality and spent by one conditional update (`used_at is null`): a code works once even when
// sent twice at the same moment, and a wrong guess costs one HMAC instead of ten slow hashes
// (a slow hash per stored code would make every guess 10 × 128 MiB of work for the server).
// The staff id is part of the hashed text, so equal codes of two accounts have different hashes.

/** Ten new codes (normalised form), from the system's random source. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => recoveryCodeFromBytes(randomBytes(RECOVERY_CODE_LENGTH)));
}

/** The stored form of an account's code (normalised first by the caller). */
export function hashRecoveryCode(staffId: string, code: string): string {
  return createHmac('sha256', derivedKey('recovery-code')).update(`${staffId}:${code}`).digest('base64url');
}
