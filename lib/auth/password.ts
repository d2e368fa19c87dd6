import 'server-only';
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/lib/domain/auth-rules';
import { isCommonPassword } from './common-passwords';
import { env } from '@/lib/edge/env';

// Password hashing with scrypt (a slow, memory-hard hash) at OWASP's current minimum for scrypt:
// N=2^17, r=8, p=1. The stored string describes itself (`scrypt$N=…,r=…,p=…$salt$hash`), so
// hashes made at older, lower costs still verify, and a successful sign-in rehashes them
// (needsRehash).
//
// Memory: one hash holds 128·N·r bytes = 128 MiB. Node refuses more than 32 MiB unless told
// (maxmem), and a burst of sign-ins must not multiply that: at most HASH_CONCURRENCY hashes run
// at once (a small semaphore; the others wait their turn), so hashing peaks near 256 MiB on the
// 2-core machines this runs on, and a queue of sign-ins costs time, not memory.

export const PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
/** Today's parameters: PARAMS, or the lower test cost TEST_PASSWORD_HASH_N (refused in production by env.ts). */
export const hashParams = () => ({ ...PARAMS, N: env().TEST_PASSWORD_HASH_N ?? PARAMS.N });
const KEY_LENGTH = 32;
/** 128·N·r for the largest N accepted below (2^17 at r 8), with room for scrypt's own small buffers. */
const MAXMEM = 160 * 1024 * 1024;
export const HASH_CONCURRENCY = 2;

let running = 0;
const waiting: Array<() => void> = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASH_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next(); // the slot passes straight to the next waiter
    else running--;
  }
}

/** Hashes running now (for tests of the semaphore). */
export function hashesRunning(): number {
  return running;
}

/** The scrypt this module calls (an object, so tests can watch the calls). */
export const kdf = { scrypt };

function derive(password: string, salt: Buffer, opts: ScryptOptions, keylen: number): Promise<Buffer> {
  return withHashSlot(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        kdf.scrypt(password.normalize('NFKC'), salt, keylen, { ...opts, maxmem: MAXMEM }, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const params = hashParams();
  const key = await derive(password, salt, params, KEY_LENGTH);
  return `scrypt$N=${params.N},r=${params.r},p=${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

function parseHash(stored: string) {
  const m = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/.exec(stored);
  if (!m) return undefined;
  const [N, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (N < 2 || N > 2 ** 17 || (N & (N - 1)) !== 0 || r < 1 || r > 8 || p < 1 || p > 4) return undefined;
  return { opts: { N, r, p }, salt: Buffer.from(m[4]!, 'base64url'), key: Buffer.from(m[5]!, 'base64url') };
}

// A hash of nothing in particular, so checking an unknown account costs as much as a known one.
let dummyHash: Promise<string> | undefined;

const cost = (o: { N: number; r: number; p: number }) => o.N * o.r * o.p;

/**
 * Work that makes a check against a hash made at a lower cost take as long as one at today's:
 * scrypt's time grows with N·r·p, so the missing part is spent in extra hashes of nothing, at
 * powers of two that add up to it. Without this, a stored hash made before the cost went up
 * (N=2^15) answers about four times faster than an unknown contact's (checked at today's cost),
 * which tells which contacts have had an account since then.
 */
async function padToTodaysCost(opts: { N: number; r: number; p: number }): Promise<void> {
  const want = hashParams();
  let missing = cost(want) - cost(opts);
  const salt = randomBytes(16);
  for (let N = 2 ** 20; missing > 0 && N >= 2; N /= 2) {
    if (N > want.N || N * want.r > missing) continue;
    await derive('padding', salt, { N, r: want.r, p: 1 }, KEY_LENGTH);
    missing -= N * want.r;
  }
}

/** Constant-time check. Without a stored hash it still spends the time of one, and says no. */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = parseHash(stored ?? (await (dummyHash ??= hashPassword('not-a-real-password-0'))));
  if (!parsed) return stored != null && (await verifyPassword(password, null)); // malformed: the same work, and no
  const key = await derive(password, parsed.salt, parsed.opts, parsed.key.length);
  await padToTodaysCost(parsed.opts);
  return timingSafeEqual(key, parsed.key) && stored != null;
}

/** Whether a stored hash was made at a lower cost than today's (rehash it at the next sign-in). */
export function needsRehash(stored: string | null | undefined): boolean {
  const parsed = stored ? parseHash(stored) : undefined;
  if (!parsed) return false;
  const { N, r, p } = parsed.opts;
  const want = hashParams();
  return N < want.N || r < want.r || p < want.p || parsed.key.length < KEY_LENGTH;
}

/** Why a new password is refused, or undefined when it is acceptable. No composition rules. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return `must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return `must be at most ${PASSWORD_MAX_LENGTH} characters`;
  if (isCommonPassword(password)) return 'is too common or too easy to guess; choose another';
  return undefined;
}
