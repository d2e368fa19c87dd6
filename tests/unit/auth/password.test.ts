import { scryptSync } from 'node:crypto';
import { HASH_CONCURRENCY, hashPassword, hashesRunning, kdf, needsRehash, passwordProblem, verifyPassword } from '@/lib/auth/password';
import { commonPasswordCount, isCommonPassword } from '@/lib/auth/common-passwords';
import { env, resetEnvCache } from '@/lib/edge/env';

// A hash at N=2^17 takes from a fraction of a second to seconds on a busy 2-core CI machine.
jest.setTimeout(60_000);

/**
 * Runs `fn` with hashes at the tests' low cost (TEST_PASSWORD_HASH_N): for the tests that are
 * about something else than the cost (right and wrong passwords, the semaphore). The cost's own
 * tests run at today's N=2^17.
 */
async function atLowCost<T>(fn: () => Promise<T>): Promise<T> {
  const saved = process.env.TEST_PASSWORD_HASH_N;
  process.env.TEST_PASSWORD_HASH_N = '1024';
  resetEnvCache();
  try {
    return await fn();
  } finally {
    if (saved === undefined) delete process.env.TEST_PASSWORD_HASH_N;
    else process.env.TEST_PASSWORD_HASH_N = saved;
    resetEnvCache();
  }
}

describe('hashPassword / verifyPassword', () => {
  it('hashes with scrypt into a self-describing string with a random salt', async () => {
    const a = await hashPassword('correct horse battery');
    const b = await hashPassword('correct horse battery');
    expect(a).toMatch(/^scrypt\$N=131072,r=8,p=1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
  });

  it('accepts the right password and refuses a wrong one', () =>
    atLowCost(async () => {
      const hash = await hashPassword('correct horse battery');
      expect(hash).toMatch(/^scrypt\$N=1024,/);
      expect(await verifyPassword('correct horse battery', hash)).toBe(true);
      expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
    }));

  it('says no, after the same work, when there is no hash or it is malformed', async () => {
    expect(await verifyPassword('anything at all', null)).toBe(false);
    expect(await verifyPassword('anything at all', 'md5$abc')).toBe(false);
    expect(await verifyPassword('anything at all', 'scrypt$N=99999999,r=8,p=1$abc$def')).toBe(false);
  });
});

describe('cost (OWASP: scrypt N=2^17, r=8, p=1)', () => {
  const oldHash = (password: string) => {
    const salt = Buffer.from('0123456789abcdef');
    const key = scryptSync(password.normalize('NFKC'), salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    return `scrypt$N=32768,r=8,p=1$${salt.toString('base64url')}$${key.toString('base64url')}`;
  };

  it('still verifies a hash made at the old cost, and marks it for rehashing', async () => {
    const stored = oldHash('correct horse battery');
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('wrong horse battery', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(true);
    expect(needsRehash(await hashPassword('correct horse battery'))).toBe(false);
    expect(needsRehash(null)).toBe(false);
  });

  it('refuses stored costs beyond what the server will spend memory on', async () => {
    expect(await verifyPassword('x', 'scrypt$N=262144,r=8,p=1$abc$def')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$N=131072,r=16,p=1$abc$def')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$N=100000,r=8,p=1$abc$def')).toBe(false);
  });

  /** Watches every scrypt call: how many ran at once at most, and the cost (N·r·p) of each. */
  function watchScrypt() {
    const real = kdf.scrypt;
    const seen = { running: 0, most: 0, costs: [] as number[] };
    const spy = jest.spyOn(kdf, 'scrypt').mockImplementation(((password, salt, keylen, opts, done) => {
      seen.running++;
      seen.most = Math.max(seen.most, seen.running);
      seen.costs.push(opts.N! * opts.r! * opts.p!);
      real(password, salt, keylen, opts, (err, key) => {
        seen.running--;
        done(err, key);
      });
    }) as typeof kdf.scrypt);
    return { seen, restore: () => spy.mockRestore() };
  }

  it(`runs at most ${HASH_CONCURRENCY} hashes at once; the others wait`, async () => {
    const { seen, restore } = watchScrypt();
    try {
      const hashes = await atLowCost(() => Promise.all(Array.from({ length: 5 }, (_, i) => hashPassword(`password number ${i}`))));
      expect(hashes).toHaveLength(5);
      expect(seen.costs).toHaveLength(5);
      expect(seen.most).toBe(HASH_CONCURRENCY); // the limit is reached, and never passed
      expect(hashesRunning()).toBe(0);
    } finally {
      restore();
    }
  });

  it('spends today\'s cost on a hash made at an older, lower cost, as on an unknown contact', async () => {
    const stored = oldHash('correct horse battery');
    await verifyPassword('warm up', null); // the dummy hash of unknown contacts is made once
    const { seen, restore } = watchScrypt();
    try {
      expect(await verifyPassword('wrong horse battery', null)).toBe(false);
      const unknown = seen.costs.splice(0).reduce((a, b) => a + b, 0);
      expect(unknown).toBe(2 ** 17 * 8);
      expect(await verifyPassword('wrong horse battery', stored)).toBe(false);
      expect(seen.costs.splice(0).reduce((a, b) => a + b, 0)).toBe(unknown);
      expect(await verifyPassword('correct horse battery', stored)).toBe(true);
      expect(seen.costs.splice(0).reduce((a, b) => a + b, 0)).toBe(unknown);
      expect(await verifyPassword('anything at all', 'md5$abc')).toBe(false);
      expect(seen.costs.splice(0).reduce((a, b) => a + b, 0)).toBe(unknown);
    } finally {
      restore();
    }
  });
});

describe('TEST_PASSWORD_HASH_N', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetEnvCache();
  });

  it('lowers the cost in tests and is refused in production', async () => {
    process.env.TEST_PASSWORD_HASH_N = '1024';
    resetEnvCache();
    expect(await hashPassword('correct horse battery')).toMatch(/^scrypt\$N=1024,/);
    (process.env as Record<string, string>).NODE_ENV = 'production';
    resetEnvCache();
    expect(() => env()).toThrow('TEST_PASSWORD_HASH_N: is for tests only; production hashes passwords at N=2^17');
  });
});

describe('passwordProblem', () => {
  it('asks for at least 8 characters and no composition rules', () => {
    expect(passwordProblem('short')).toBe('must be at least 8 characters');
    expect(passwordProblem('all lower case words')).toBeUndefined();
    expect(passwordProblem('x'.repeat(129))).toBe('must be at most 128 characters');
  });
});

describe('isCommonPassword', () => {
  it('holds at least the 10,000 most common passwords', () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
  });
  // From deep in the breach top lists, beyond the few hundred the project once listed itself.
  it.each(['baseball1', 'jordan23', 'liverpool1', 'charlie1', 'starwars', 'whatever1', 'superman', 'trustno1', 'qwerty12', 'football1', 'michelle', 'mercedes1', 'internet1', 'computer1', 'princess1', 'password11'])(
    'refuses %s from the breach lists',
    (p) => expect(isCommonPassword(p)).toBe(true),
  );
  it.each(['password', 'PASSWORD', 'Password123', 'qwerty123', 'iloveyou', 'letmein!', 'admin@123', '123password'])('refuses the listed %s', (p) => {
    expect(isCommonPassword(p)).toBe(true);
  });
  it.each(['aaaaaaaa', '11111111', 'abcabcabc', '12121212', '12345678', '87654321', 'abcdefgh', 'asdfghjkl', 'qwertyuiop1'])(
    'refuses the pattern %s',
    (p) => expect(isCommonPassword(p)).toBe(true),
  );
  it.each(['correct horse battery', 'Tr0ub4dor&3x', 'mango-river-42', 'purple monkey dishwasher'])('accepts %s', (p) => {
    expect(isCommonPassword(p)).toBe(false);
  });
});
