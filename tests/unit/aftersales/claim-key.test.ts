import { createClaimKeys, isRetryableFailure } from '@/components/rewards/claim-key';
import { ApiRequestError } from '@/lib/shared/fetch-rules';

// Idempotency keys of reward claims: one per intent, kept for retries of that intent.

function keys() {
  let n = 0;
  return createClaimKeys(() => `key-${++n}`);
}

describe('claim keys', () => {
  it('gives the same key to repeated clicks of one grant until the attempt settles', () => {
    const k = keys();
    expect(k.keyFor('g1')).toBe('key-1');
    expect(k.keyFor('g1')).toBe('key-1');
    expect(k.keyFor('g2')).toBe('key-2');
  });

  it('keeps the key after a timeout, a network failure or a server error, so the retry pays once', () => {
    const k = keys();
    for (const err of [new ApiRequestError('timeout', 408), new TypeError('Failed to fetch'), new ApiRequestError('boom', 503), new ApiRequestError('x', 0)]) {
      const key = k.keyFor('g1');
      k.settle('g1', err);
      expect(k.keyFor('g1')).toBe(key);
    }
    expect(k.keyFor('g1')).toBe('key-1');
  });

  it('makes a new key after a success or a 4xx answer, which starts a new intent', () => {
    const k = keys();
    k.keyFor('g1');
    k.settle('g1');
    expect(k.keyFor('g1')).toBe('key-2');
    k.settle('g1', new ApiRequestError('vpa: add your UPI id', 422));
    expect(k.keyFor('g1')).toBe('key-3');
  });

  it('treats only answers the server may have applied as retryable', () => {
    expect(isRetryableFailure(new ApiRequestError('x', 409))).toBe(false);
    expect(isRetryableFailure(new ApiRequestError('x', 500))).toBe(true);
  });

  it('uses crypto.randomUUID by default, which the server accepts as a key', () => {
    const key = createClaimKeys().keyFor('g');
    expect(key).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
  });
});
