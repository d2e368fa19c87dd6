import { ApiRequestError } from '@/lib/shared/fetch-rules';

// Idempotency keys of reward claims: one per claim intent. A retry of the same intent (after a
// timeout, a network failure or a server error, where the first send may have been applied)
// reuses the key, so the server answers the same payout and pays once. Once the server has
// decided (a success or a 4xx), the next click is a new intent with a new key.

export function isRetryableFailure(err: unknown): boolean {
  if (!(err instanceof ApiRequestError)) return true; // network error: we cannot know it was not applied
  return err.status === 0 || err.status === 408 || err.status >= 500;
}

export function createClaimKeys(newKey: () => string = () => crypto.randomUUID()) {
  const keys = new Map<string, string>();
  return {
    /** The key of this grant's current intent, made on the first click. */
    keyFor(grantId: string): string {
      let key = keys.get(grantId);
      if (!key) {
        key = newKey();
        keys.set(grantId, key);
      }
      return key;
    },
    /** After an attempt: forget the key unless the attempt may be retried as the same intent. */
    settle(grantId: string, err?: unknown) {
      if (err === undefined || !isRetryableFailure(err)) keys.delete(grantId);
    },
  };
}
