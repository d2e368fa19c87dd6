import { errorMessageOf, isJwtExpired, withTimeout } from '@/lib/shared/fetch-rules';

describe('errorMessageOf', () => {
  it('prefers errorMessage, then message, then the error, then the fallback', () => {
    expect(errorMessageOf({ errorMessage: 'a', message: 'b' }, new Error('c'))).toBe('a');
    expect(errorMessageOf({ message: 'b' }, new Error('c'))).toBe('b');
    expect(errorMessageOf({ errorMessage: '' }, new Error('c'))).toBe('c');
    expect(errorMessageOf(undefined)).toBe('Something went wrong!');
    expect(errorMessageOf({ errorMessage: 42 })).toBe('Something went wrong!');
  });
});

describe('isJwtExpired', () => {
  it("is true only for a failed answer whose message is exactly 'jwt expired'", () => {
    expect(isJwtExpired(401, { errorMessage: 'jwt expired' })).toBe(true);
    expect(isJwtExpired(200, { errorMessage: 'jwt expired' })).toBe(false);
    expect(isJwtExpired(401, { errorMessage: 'jwt malformed' })).toBe(false);
  });
});

describe('withTimeout', () => {
  it('aborts the work when the time is up', async () => {
    let aborted = false;
    await expect(
      withTimeout((signal) => new Promise((_, reject) => signal.addEventListener('abort', () => { aborted = true; reject(new Error('aborted')); })), 5),
    ).rejects.toThrow('Could not load the activity, Please try again!');
    expect(aborted).toBe(true);
  });
});
