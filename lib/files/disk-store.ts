import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { assertObjectKey, measure, newObjectKey, type FileStore, type StoredObject } from './store';

// Files on this machine's disk: ROOT/<2 hex>/<32 hex>. A put writes ROOT/tmp/<random>.part,
// fsyncs it, renames it into place (atomic on one file system) and fsyncs the folder, so a crash
// leaves either the whole file or none under its key; a failed put removes its temp file.

export function diskFileStore(root: string): FileStore {
  const tmpDir = path.join(root, 'tmp');
  const where = (key: string) => path.join(root, ...assertObjectKey(key).split('/'));

  async function fsyncPath(p: string) {
    const h = await open(p, 'r');
    try {
      await h.sync();
    } finally {
      await h.close();
    }
  }

  return {
    kind: 'disk',

    async put(body: Readable): Promise<StoredObject> {
      await mkdir(tmpDir, { recursive: true });
      const tmp = path.join(tmpDir, `${randomBytes(12).toString('hex')}.part`);
      const { tap, result } = measure();
      try {
        await pipeline(body, tap, createWriteStream(tmp, { flags: 'wx', mode: 0o600 }));
        await fsyncPath(tmp);
        const key = newObjectKey();
        const final = where(key);
        await mkdir(path.dirname(final), { recursive: true });
        await rename(tmp, final);
        await fsyncPath(path.dirname(final)).catch(() => undefined); // not every file system syncs folders
        return { key, ...result() };
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },

    async get(key: string) {
      const file = where(key);
      let size: number;
      try {
        size = (await stat(file)).size;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
      return { body: createReadStream(file), size };
    },

    async delete(key: string) {
      await rm(where(key), { force: true });
    },
  };
}
