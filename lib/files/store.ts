import { createHash, randomBytes } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';

// Where uploaded bytes live: a small interface with two implementations, files under
// DATA_DIR/files (lib/files/disk-store.ts) and an S3-compatible bucket (lib/files/s3-store.ts).
// The database keeps only the key, size and hash (docs/security.md, "Uploads and deletion").
// Keys are generated here, never built from anything a caller sent.

export type StoredObject = { key: string; size: number; sha256: string };

export interface FileStore {
  /** What the store is, for logs and docs: "disk" or "s3". */
  readonly kind: 'disk' | 's3';
  /** Streams `body` into the store under a new random key; nothing is left behind if it fails. */
  put(body: Readable): Promise<StoredObject>;
  /** The bytes and their length, or undefined when no object has this key. */
  get(key: string): Promise<{ body: Readable; size: number } | undefined>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
}

const KEY = /^[0-9a-f]{2}\/[0-9a-f]{32}$/;

/** A new object key: 128 random bits, sharded by its first byte ("3f/3fa9..."). */
export function newObjectKey(): string {
  const hex = randomBytes(16).toString('hex');
  return `${hex.slice(0, 2)}/${hex}`;
}

/** Refuses anything that is not a key this module made (no path can sneak into a store). */
export function assertObjectKey(key: string): string {
  if (!KEY.test(key)) throw new Error('Invalid file store key');
  return key;
}

/** Counts and hashes what flows through, for `put`. */
export function measure(): { tap: Transform; result: () => { size: number; sha256: string } } {
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      hash.update(chunk);
      done(null, chunk);
    },
  });
  return { tap, result: () => ({ size, sha256: hash.digest('hex') }) };
}
