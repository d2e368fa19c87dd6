// @ts-check
// Helpers shared by the launcher, the operator command line and the benchmark (plain Node, no build).
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** @param {string | undefined} v */
const blank = (v) => v === undefined || v.trim() === '';
export const dataDir = () => path.resolve(root, blank(process.env.DATA_DIR) ? '.data' : String(process.env.DATA_DIR));
export const port = () => (blank(process.env.PORT) ? 3000 : Number(process.env.PORT));

/**
 * SESSION_SECRET from the environment, or generated once into DATA_DIR (mode 0600).
 * @param {string} dir
 */
export function ensureSessionSecret(dir) {
  if (!blank(process.env.SESSION_SECRET)) return;
  const file = path.join(dir, 'session-secret');
  mkdirSync(dir, { recursive: true });
  if (!existsSync(file)) {
    try {
      writeFileSync(file, randomBytes(48).toString('base64url') + '\n', { mode: 0o600, flag: 'wx' });
    } catch {
      /* created meanwhile */
    }
  }
  process.env.SESSION_SECRET = readFileSync(file, 'utf8').trim();
}

/**
 * The live pid that holds DATA_DIR, if any (see lib/db/lock.ts).
 * @param {string} dir
 */
export function lockHolder(dir) {
  try {
    const pid = Number(readFileSync(path.join(dir, 'db.lock'), 'utf8').trim());
    if (!Number.isInteger(pid) || pid <= 0) return undefined;
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

/**
 * Every file under `dir`, as paths relative to it with forward slashes.
 * @param {string} dir
 * @returns {string[]}
 */
export function filesUnder(dir) {
  /** @type {string[]} */
  const out = [];
  const walk = (/** @type {string} */ rel) => {
    for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) out.push(child);
    }
  };
  walk('');
  return out;
}

// What a build is made from, its post-build steps included (a change to one makes the next start build again).
const SOURCES = ['app', 'components', 'lib', 'messages', 'public', 'middleware.ts', 'instrumentation.ts', 'next.config.mjs', 'tailwind.config.ts', 'postcss.config.mjs', 'package-lock.json', 'tsconfig.json', 'scripts/post-build.mjs', 'scripts/framework-patches.mjs', 'scripts/compile-hints.mjs', 'scripts/global-error-css.mjs', 'scripts/db-template.mjs', 'scripts/precompress.mjs', 'scripts/compress.mjs', 'scripts/lib.mjs'];

/**
 * @param {string} p
 * @param {string[]} out
 */
function walk(p, out) {
  if (!existsSync(p)) return;
  const st = statSync(p);
  if (st.isDirectory()) for (const e of readdirSync(p).sort()) walk(path.join(p, e), out);
  else out.push(`${path.relative(root, p)}:${st.size}:${st.mtimeMs}`);
}

/** A fingerprint of everything a production build depends on. */
export function sourceFingerprint() {
  /** @type {string[]} */
  const out = [];
  for (const s of SOURCES) walk(path.join(root, s), out);
  return createHash('sha256').update(out.join('\n')).digest('hex');
}
