import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { unpackTemplate } from '@/lib/db/template';

// lib/db/template.ts: a new data folder's database unpacked from the build's template (a gzipped
// tar of files and folders, as PGlite dumps it) with the tar package, without a PGlite. Archives
// are made here by hand.

type Entry = { name: string; type?: '0' | '5' | '2'; data?: string; mtime?: number; link?: string };

function header(e: Entry): Buffer {
  const h = Buffer.alloc(512);
  const put = (s: string, at: number) => h.write(s, at, 'utf8');
  const num = (n: number, at: number, len: number) => put(n.toString(8).padStart(len - 1, '0'), at);
  put(e.name, 0);
  num(0o644, 100, 8);
  num(Buffer.byteLength(e.data ?? ''), 124, 12);
  num(e.mtime ?? 1_700_000_000, 136, 12);
  put(e.type ?? '0', 156);
  if (e.link) put(e.link, 157);
  put('ustar', 257);
  put('00', 263);
  h.fill(' ', 148, 156);
  let sum = 0;
  for (const b of h) sum += b;
  put(sum.toString(8).padStart(6, '0') + '\0 ', 148);
  return h;
}

function archive(entries: Entry[]): Buffer {
  const parts: Buffer[] = [];
  for (const e of entries) {
    parts.push(header(e));
    const data = Buffer.from(e.data ?? '');
    parts.push(data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(parts));
}

let tmp: string;
let pgdata: string;
const template = (entries: Entry[]) => {
  const file = path.join(tmp, 'template.tar.gz');
  writeFileSync(file, archive(entries));
  return file;
};
const DATABASE: Entry[] = [
  { name: '/global', type: '5' },
  { name: '/global/pg_control', data: 'control', mtime: 1_790_000_000 },
  { name: '/base/1/1259', data: 'x'.repeat(1500) },
  { name: '/PG_VERSION', data: '17\n' },
];

beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'db-template-unit-'));
  pgdata = path.join(tmp, 'data', 'pgdata');
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

describe('the database template unpacked into a new data folder', () => {
  it('writes every file and folder with its time, for the data owner alone', () => {
    expect(unpackTemplate(template(DATABASE), pgdata)).toEqual({ files: 3 });
    expect(readFileSync(path.join(pgdata, 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect(readFileSync(path.join(pgdata, 'base', '1', '1259'), 'utf8')).toBe('x'.repeat(1500));
    expect(readFileSync(path.join(pgdata, 'global', 'pg_control'), 'utf8')).toBe('control');
    expect(Math.round(statSync(path.join(pgdata, 'global', 'pg_control')).mtimeMs / 1000)).toBe(1_790_000_000);
    for (const p of ['', 'global', 'base', 'base/1']) expect(statSync(path.join(pgdata, p)).mode & 0o777).toBe(0o700);
    for (const p of ['PG_VERSION', 'base/1/1259', 'global/pg_control']) expect(statSync(path.join(pgdata, p)).mode & 0o777).toBe(0o600);
  });

  it.each([
    ['a file that is not an archive', () => writeFileSync(path.join(tmp, 'bad.tar.gz'), 'not a template'), /damaged or ends early \(TAR_BAD_ARCHIVE: Unrecognized archive format\)/],
    ['an archive that leaves the folder', () => template([...DATABASE, { name: '/../escaped', data: 'x' }]), /outside the data folder: "\/\.\.\/escaped"/],
    ['an archive with a link', () => template([{ name: '/PG_VERSION', data: '17' }, { name: '/pg_wal', type: '2', link: '/etc' }]), /type "SymbolicLink" \(\/pg_wal\), not a file or a folder/],
    ['an archive with no database in it', () => template([{ name: '/global', type: '5' }]), /holds no database \(no PG_VERSION\)/],
    ['an archive cut short', () => writeFileSync(path.join(tmp, 'bad.tar.gz'), gzipSync(header(DATABASE[2]!))), /ends early/],
  ])('refuses %s, naming the problem, and leaves the folder empty', (_what, make, message) => {
    const made = make();
    const file = typeof made === 'string' ? made : path.join(tmp, 'bad.tar.gz');
    expect(() => unpackTemplate(file, pgdata)).toThrow(message);
    expect(readdirSync(pgdata)).toEqual([]);
    expect(existsSync(path.join(tmp, 'data', 'escaped'))).toBe(false);
  });

  it('never writes over a folder that already holds a database', () => {
    unpackTemplate(template(DATABASE), pgdata);
    writeFileSync(path.join(pgdata, 'PG_VERSION'), 'mine');
    expect(() => unpackTemplate(template(DATABASE), pgdata)).toThrow(/already holds a database/);
    expect(readFileSync(path.join(pgdata, 'PG_VERSION'), 'utf8')).toBe('mine');
  });
});
