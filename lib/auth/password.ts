import 'server-only';
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/lib/domain/auth-rules';
import { isCommonPassword } from './common-passwords';

// Password hashing with scrypt (a slow, memory-hard hash). The stored string describes itself
// (`scrypt$N=…,r=…,p=…$salt$hash`), so the cost can be raised later without breaking old hashes.

const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const MAXMEM = 128 * 1024 * 1024;

function derive(password: string, salt: Buffer, opts: ScryptOptions, keylen: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keylen, { ...opts, maxmem: MAXMEM }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS, KEY_LENGTH);
  return `scrypt$N=${PARAMS.N},r=${PARAMS.r},p=${PARAMS.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

function parseHash(stored: string) {
  const m = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/.exec(stored);
  if (!m) return undefined;
  const [N, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (N < 2 || N > 2 ** 20 || r < 1 || r > 32 || p < 1 || p > 16) return undefined;
  return { opts: { N, r, p }, salt: Buffer.from(m[4]!, 'base64url'), key: Buffer.from(m[5]!, 'base64url') };
}

// A hash of nothing in particular, so checking an unknown account costs as much as a known one.
let dummyHash: Promise<string> | undefined;

/** Constant-time check. Without a stored hash it still spends the time of one, and says no. */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = parseHash(stored ?? (await (dummyHash ??= hashPassword('not-a-real-password-0'))));
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.opts, parsed.key.length);
  return timingSafeEqual(key, parsed.key) && stored != null;
}

/** Why a new password is refused, or undefined when it is acceptable. No composition rules. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return `must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return `must be at most ${PASSWORD_MAX_LENGTH} characters`;
  if (isCommonPassword(password)) return 'is too common or too easy to guess; choose another';
  return undefined;
}
