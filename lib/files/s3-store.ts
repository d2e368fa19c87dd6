import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import { assertObjectKey, measure, newObjectKey, type FileStore, type StoredObject } from './store';

// An S3-compatible bucket (AWS S3, MinIO, Ceph, R2, ...), path-style URLs, SigV4 by aws4fetch.
// A put first streams the upload to a temp file (counting and hashing it), then sends it with
// its Content-Length and its SHA-256 as the signed payload hash, so the store refuses a body
// that was changed on the way and nothing is ever held in memory whole.

export type S3Options = { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; region: string; spoolDir: string };

export function s3FileStore(o: S3Options): FileStore {
  const aws = new AwsClient({ accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey, region: o.region, service: 's3', retries: 0 });
  const base = `${o.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(o.bucket)}`;
  const url = (key: string) => `${base}/${assertObjectKey(key)}`;

  async function fail(what: string, res: Response): Promise<never> {
    const text = (await res.text().catch(() => '')).slice(0, 300);
    throw new Error(`File store: ${what} answered ${res.status} ${text}`);
  }

  return {
    kind: 's3',

    async put(body: Readable): Promise<StoredObject> {
      await mkdir(o.spoolDir, { recursive: true });
      const tmp = path.join(o.spoolDir, `${randomBytes(12).toString('hex')}.part`);
      try {
        const { tap, result } = measure();
        await pipeline(body, tap, createWriteStream(tmp, { flags: 'wx', mode: 0o600 }));
        const { size, sha256 } = result();
        const key = newObjectKey();
        const res = await aws.fetch(url(key), {
          method: 'PUT',
          headers: { 'content-length': String(size), 'content-type': 'application/octet-stream', 'x-amz-content-sha256': sha256 },
          body: Readable.toWeb(createReadStream(tmp)) as ReadableStream,
          duplex: 'half',
        } as RequestInit);
        if (!res.ok) await fail('PUT', res);
        await res.body?.cancel();
        return { key, size, sha256 };
      } finally {
        await rm(tmp, { force: true });
      }
    },

    async get(key: string) {
      const res = await aws.fetch(url(key), { method: 'GET' });
      if (res.status === 404) {
        await res.body?.cancel();
        return undefined;
      }
      if (!res.ok || !res.body) return fail('GET', res);
      return { body: Readable.fromWeb(res.body as WebReadableStream), size: Number(res.headers.get('content-length')) };
    },

    async delete(key: string) {
      const res = await aws.fetch(url(key), { method: 'DELETE' });
      if (!res.ok && res.status !== 404) await fail('DELETE', res);
      await res.body?.cancel();
    },
  };
}
