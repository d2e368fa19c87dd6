import 'server-only';
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { extract } from 'tar';

// The embedded database's template (scripts/db-template.mjs: PGlite's dump of a data folder with
// every migration applied, a gzipped tar of regular files and folders) unpacked into a new
// folder by the server itself, with the `tar` package, each file with its time. Without a
// PGlite: loading it through PGlite meant starting one database to unpack and a second to serve
// (PGlite's memory grows while it unpacks and never shrinks, about 100 MB the server kept), and
// its files came out readable and writable by every user of the machine; here they are the
// owner's alone (folders 0700, files 0600). Only files and folders inside the data folder are
// taken: a link, a device or a path that leaves the folder refuses the whole archive.

const FILE_TYPES = new Set(['File', 'OldFile', 'ContiguousFile']);

/** Makes every file under `dir` 0600 and every folder 0700; answers the number of files. */
function ownerOnly(dir: string): number {
  let files = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      chmodSync(p, 0o700);
      files += ownerOnly(p);
    } else {
      chmodSync(p, 0o600);
      files++;
    }
  }
  return files;
}

/** The archive's problem in the words of this module, whatever tar called it. */
function describe(err: unknown): Error {
  // tar's sync extraction throws an unhandled 'error' event, the archive's error inside it.
  const outer = err as { code?: string; context?: unknown };
  const e = (outer.code === 'ERR_UNHANDLED_ERROR' && outer.context ? outer.context : err) as { code?: string; message?: string };
  if (e.code === 'TAR_BAD_ARCHIVE' || e.code === 'TAR_ABORT' || e.code === 'Z_DATA_ERROR' || e.code === 'Z_BUF_ERROR' || /truncated|unexpected end/i.test(e.message ?? '')) {
    return new Error(`the template's archive is damaged or ends early (${e.message ?? e.code})`);
  }
  return e instanceof Error ? e : new Error(String(e));
}

/**
 * Unpacks the template at `file` into the folder `pgdata` (created; it must hold no database).
 * Throws, naming the problem, on a file that is not such an archive; whatever it wrote is removed
 * then, so the folder is left empty.
 */
export function unpackTemplate(file: string, pgdata: string): { files: number } {
  if (existsSync(path.join(pgdata, 'PG_VERSION'))) throw new Error(`${pgdata} already holds a database`);
  mkdirSync(pgdata, { recursive: true, mode: 0o700 }); // made private by its caller when it was there already
  try {
    let refused: string | undefined;
    extract({
      file,
      cwd: pgdata,
      sync: true,
      umask: 0o077,
      preserveOwner: false,
      // A damaged entry is a warning to tar: here it refuses the archive. PGlite names its entries
      // from the root ("/global/…"), which tar reports as information and unpacks inside cwd.
      onwarn: (code, message) => {
        if (code !== 'TAR_ENTRY_INFO') refused ??= `the template's archive is damaged or ends early (${code}: ${message})`;
      },
      filter: (name, entry) => {
        const type = 'type' in entry ? entry.type : undefined;
        const parts = name.split('/').filter((p) => p !== '' && p !== '.');
        if (parts.length === 0 || parts.includes('..')) refused ??= `the template's archive names a path outside the data folder: "${name}"`;
        else if (type !== 'Directory' && !FILE_TYPES.has(String(type))) refused ??= `the template's archive holds an entry of type "${type}" (${name}), not a file or a folder`;
        else return true;
        return false;
      },
    });
    if (refused) throw new Error(refused);
    if (!existsSync(path.join(pgdata, 'PG_VERSION'))) throw new Error("the template's archive holds no database (no PG_VERSION)");
    return { files: ownerOnly(pgdata) };
  } catch (err) {
    for (const entry of readdirSync(pgdata)) rmSync(path.join(pgdata, entry), { recursive: true, force: true });
    throw describe(err);
  }
}
