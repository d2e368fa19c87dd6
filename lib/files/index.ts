import 'server-only';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { env } from '@/lib/edge/env';
import { diskFileStore } from './disk-store';
import { s3FileStore } from './s3-store';
import type { FileStore } from './store';

export type { FileStore, StoredObject } from './store';

// The process's file store: S3 when S3_BUCKET is set, else files under DATA_DIR/files. With the
// in-memory database of the tests (DATA_DIR=':memory:') the files go to a temp folder that
// closeFileStore() removes.

let store: FileStore | undefined;
let tempRoot: string | undefined;

function dataRoot(): string {
  const dir = env().DATA_DIR;
  if (dir !== ':memory:') return path.resolve(dir);
  tempRoot ??= mkdtempSync(path.join(os.tmpdir(), 'brand-verify-files-'));
  return tempRoot;
}

export function fileStore(): FileStore {
  if (store) return store;
  const e = env();
  if (e.S3_BUCKET) {
    store = s3FileStore({
      endpoint: e.S3_ENDPOINT!,
      bucket: e.S3_BUCKET,
      accessKeyId: e.S3_ACCESS_KEY_ID!,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
      region: e.S3_REGION,
      spoolDir: path.join(dataRoot(), 'files-spool'),
    });
  } else store = diskFileStore(path.join(dataRoot(), 'files'));
  return store;
}

/** Forgets the store (and removes the temp folder of an in-memory test run). */
export function closeFileStore() {
  store = undefined;
  if (tempRoot) rmSync(tempRoot, { recursive: true, force: true });
  tempRoot = undefined;
}

/** The store's folder when it is the disk store of this process (tests look inside it). */
export function diskStoreRoot(): string | undefined {
  return fileStore().kind === 'disk' ? path.join(dataRoot(), 'files') : undefined;
}

/** One line for the start-up summary: where uploads go, and a warning disk storage needs. */
export function describeFileStore(): string {
  const e = env();
  if (e.S3_BUCKET) return `S3 bucket ${e.S3_BUCKET} at ${e.S3_ENDPOINT}`;
  const where = `${path.join(dataRoot(), 'files')} on this machine`;
  return e.DATABASE_URL ? `${where} (several app servers on one PostgreSQL need S3_BUCKET: see docs/security.md)` : where;
}
