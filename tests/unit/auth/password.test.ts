import { hashPassword, passwordProblem, verifyPassword } from '@/lib/auth/password';
import { isCommonPassword } from '@/lib/auth/common-passwords';

describe('hashPassword / verifyPassword', () => {
  it('hashes with scrypt into a self-describing string with a random salt', async () => {
    const a = await hashPassword('correct horse battery');
    const b = await hashPassword('correct horse battery');
    expect(a).toMatch(/^scrypt\$N=32768,r=8,p=1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
  });

  it('accepts the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
  });

  it('says no, after the same work, when there is no hash or it is malformed', async () => {
    expect(await verifyPassword('anything at all', null)).toBe(false);
    expect(await verifyPassword('anything at all', 'md5$abc')).toBe(false);
    expect(await verifyPassword('anything at all', 'scrypt$N=99999999,r=8,p=1$abc$def')).toBe(false);
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
