import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
// s3rver: an S3-compatible server in Node (path-style REST: PUT/GET/DELETE object, S3 errors),
// started here on a random loopback port with its own temp folder and closed after.
import S3rver from 's3rver';
import { diskFileStore } from '@/lib/files/disk-store';
import { s3FileStore } from '@/lib/files/s3-store';
import { assertObjectKey, type FileStore } from '@/lib/files/store';

// One contract, two stores: what the app relies on from lib/files (put streams in and answers
// key, size and SHA-256; get streams out; delete removes; failed puts leave nothing).

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const collect = async (r: Readable) => Buffer.concat(await r.toArray());

/** A body that sends `good` bytes and then fails, like a client that went away mid-upload. */
function failingBody(good: number) {
  let sent = false;
  return new Readable({
    read() {
      if (!sent) {
        sent = true;
        this.push(Buffer.alloc(good, 1));
      } else this.destroy(new Error('client went away'));
    },
  });
}

type Ctx = { store: FileStore; leftovers: () => string[] };

function contract(name: string, setup: () => Promise<Ctx & { close: () => Promise<void> }>) {
  describe(`${name} file store`, () => {
    let ctx: Ctx & { close: () => Promise<void> };
    beforeAll(async () => {
      ctx = await setup();
    });
    afterAll(async () => {
      await ctx?.close();
    });

    it('stores a stream and gives back the same bytes, size and hash', async () => {
      const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(3 * 1024 * 1024 + 17, 9)]);
      const stored = await ctx.store.put(Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]));
      expect(stored).toEqual({ key: expect.stringMatching(/^[0-9a-f]{2}\/[0-9a-f]{32}$/), size: bytes.length, sha256: sha(bytes) });
      const got = await ctx.store.get(stored.key);
      expect(got?.size).toBe(bytes.length);
      expect(sha(await collect(got!.body))).toBe(sha(bytes));
    });

    it('gives every put its own key, even for the same bytes', async () => {
      const a = await ctx.store.put(Readable.from([Buffer.from('same')]));
      const b = await ctx.store.put(Readable.from([Buffer.from('same')]));
      expect(a.key).not.toBe(b.key);
      await ctx.store.delete(a.key);
      expect(await text((await ctx.store.get(b.key))!.body)).toBe('same');
    });

    it('deletes: the object is gone, and deleting it again is fine', async () => {
      const s = await ctx.store.put(Readable.from([Buffer.from('bye')]));
      await ctx.store.delete(s.key);
      expect(await ctx.store.get(s.key)).toBeUndefined();
      await expect(ctx.store.delete(s.key)).resolves.toBeUndefined();
    });

    it('answers undefined for a key it never stored', async () => {
      expect(await ctx.store.get('ab/abababababababababababababababab')).toBeUndefined();
    });

    it('refuses keys it did not make, so no path can be smuggled in', async () => {
      for (const bad of ['../../etc/passwd', 'ab/../../x', '/etc/passwd', 'ab/ABABABABABABABABABABABABABABABAB', '']) {
        await expect(ctx.store.get(bad)).rejects.toThrow('Invalid file store key');
        await expect(ctx.store.delete(bad)).rejects.toThrow('Invalid file store key');
      }
      expect(() => assertObjectKey('ab/abababababababababababababababab')).not.toThrow();
    });

    it('leaves nothing behind when the incoming stream fails', async () => {
      const before = ctx.leftovers();
      await expect(ctx.store.put(failingBody(64 * 1024))).rejects.toThrow('client went away');
      expect(ctx.leftovers()).toEqual(before);
    });
  });
}

/** Every file under a folder, relative to it. */
function filesUnder(root: string): string[] {
  try {
    return (readdirSync(root, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
      .filter((d) => d.isFile())
      .map((d) => path.relative(root, path.join(d.parentPath, d.name)))
      .sort();
  } catch {
    return [];
  }
}

contract('disk', async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'store-disk-'));
  return {
    store: diskFileStore(root),
    leftovers: () => filesUnder(root),
    close: async () => rmSync(root, { recursive: true, force: true }),
  };
});

contract('S3', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'store-s3-'));
  const spool = path.join(dir, 'spool');
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory: path.join(dir, 'buckets'), silent: true, configureBuckets: [{ name: 'uploads' }] });
  const { port } = await server.run();
  const store = s3FileStore({ endpoint: `http://127.0.0.1:${port}`, bucket: 'uploads', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', region: 'us-east-1', spoolDir: spool });
  return {
    store,
    // The spool folder and the bucket's objects (s3rver keeps each object as files in a folder).
    leftovers: () => [...filesUnder(spool), ...filesUnder(path.join(dir, 'buckets'))],
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('S3 file store errors', () => {
  it('names the failing request when the bucket refuses', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'store-s3-'));
    const server = new S3rver({ address: '127.0.0.1', port: 0, directory: dir, silent: true });
    const { port } = await server.run();
    try {
      const store = s3FileStore({ endpoint: `http://127.0.0.1:${port}`, bucket: 'missing', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', region: 'us-east-1', spoolDir: path.join(dir, 'spool') });
      await expect(store.put(Readable.from([Buffer.from('x')]))).rejects.toThrow(/File store: PUT answered 404.*NoSuchBucket/s);
      expect(filesUnder(path.join(dir, 'spool'))).toEqual([]);
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
