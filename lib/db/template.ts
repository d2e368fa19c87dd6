import 'server-only';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

// The embedded database's template (scripts/db-template.mjs: PGlite's dump of a data folder with
// every migration applied, a gzipped tar of regular files and folders) unpacked into a new
// folder by the server itself, as PGlite's own `loadDataDir` would: each file written with its
// time. Without a PGlite: loading it through PGlite meant starting one database to unpack and
// a second to serve (PGlite's memory grows while it unpacks and never shrinks, about 100 MB the
// server kept), and its files came out readable and writable by every user of the machine; here
// they are the owner's alone (folders 0700, files 0600).

const BLOCK = 512;
const REGULAR = new Set(['0', '\0']);
const FOLDER = '5';

const text = (b: Buffer, from: number, length: number) => {
  const field = b.subarray(from, from + length);
  const end = field.indexOf(0);
  return field.subarray(0, end < 0 ? length : end).toString('utf8');
};
const octal = (b: Buffer, from: number, length: number, what: string) => {
  const t = text(b, from, length).trim();
  if (!/^[0-7]+$/.test(t)) throw new Error(`the template's archive is damaged (${what} "${t}")`);
  return parseInt(t, 8);
};

/** A tar entry's path inside `root`, or an error for one that would leave it. */
function inside(root: string, name: string): string {
  const parts = name.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.length === 0 || parts.includes('..')) throw new Error(`the template's archive names a path outside the data folder: "${name}"`);
  return path.join(root, ...parts);
}

/**
 * Unpacks the template at `file` into the folder `pgdata` (created; it must hold no database).
 * Throws, naming the problem, on a file that is not such an archive; whatever it wrote is removed
 * then, so the folder is left empty.
 */
export function unpackTemplate(file: string, pgdata: string): { files: number } {
  if (existsSync(path.join(pgdata, 'PG_VERSION'))) throw new Error(`${pgdata} already holds a database`);
  mkdirSync(pgdata, { recursive: true, mode: 0o700 }); // made private by its caller when it was there already
  let files = 0;
  try {
    const tar = gunzipSync(readFileSync(file));
    let at = 0;
    for (;;) {
      if (at + BLOCK > tar.length) throw new Error("the template's archive ends early");
      const header = tar.subarray(at, at + BLOCK);
      if (header.every((byte) => byte === 0)) break; // the end of the archive
      if (text(header, 257, 5) !== 'ustar') throw new Error("the template's archive is damaged (no ustar header)");
      const prefix = text(header, 345, 155);
      const name = prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100);
      const size = octal(header, 124, 12, 'size');
      const mtime = octal(header, 136, 12, 'time');
      const type = String.fromCharCode(header[156]!);
      const start = at + BLOCK;
      if (start + size > tar.length) throw new Error("the template's archive ends early");
      const target = inside(pgdata, name);
      if (type === FOLDER) {
        mkdirSync(target, { recursive: true, mode: 0o700 });
      } else if (REGULAR.has(type)) {
        mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
        writeFileSync(target, tar.subarray(start, start + size), { mode: 0o600 });
        utimesSync(target, mtime, mtime);
        files++;
      } else {
        throw new Error(`the template's archive holds an entry of type "${type}" (${name}), not a file or a folder`);
      }
      at = start + Math.ceil(size / BLOCK) * BLOCK;
    }
    if (!existsSync(path.join(pgdata, 'PG_VERSION'))) throw new Error("the template's archive holds no database (no PG_VERSION)");
    return { files };
  } catch (err) {
    for (const entry of readdirSync(pgdata)) rmSync(path.join(pgdata, entry), { recursive: true, force: true });
    throw err;
  }
}
