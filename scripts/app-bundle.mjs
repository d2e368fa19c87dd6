// @ts-check
// Loads one of the project's TypeScript modules for a command-line script, bundled once with
// esbuild and kept until one of its files changes. Loading the operator's module graph through
// tsx cost every `npm run brand` about 2.5 s of its 4.8 s (transforming and resolving some 300
// files on each run); the kept bundle loads in a fraction of that. Packages stay outside the
// bundle (required from node_modules as before), and the bundle is CommonJS like tsx's require,
// so a module behaves as it did. Each call bundles its module apart: two modules loaded this way
// share no state (use it where a process needs one module, as the operator command line does).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from './lib.mjs';

const CACHE = path.join(root, 'node_modules', '.cache', 'brand-verify');
const require = createRequire(import.meta.url);
// This file's own version: a bundle made with other options (a plugin added, say) is made again.
const BUNDLER = createHash('sha256').update(readFileSync(new URL(import.meta.url))).digest('hex').slice(0, 16);

/** @typedef {{ esbuild: string; bundler: string; inputs: Record<string, number>; bundle: string }} Stamp the esbuild version, this file's own (its options), each input's modification time, and the bundle's file (named by its content, so a process never requires a stale copy it had cached) */

/**
 * The bundle made from the files as they are now (each input's time unchanged), if there is one.
 * @param {string} stampFile
 * @param {string} esbuildVersion
 * @returns {string | undefined}
 */
function fresh(stampFile, esbuildVersion) {
  try {
    /** @type {Stamp} */
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
    const out = path.join(path.dirname(stampFile), stamp.bundle);
    if (stamp.esbuild !== esbuildVersion || stamp.bundler !== BUNDLER || !existsSync(out)) return undefined;
    const same = Object.entries(stamp.inputs).every(([file, mtime]) => {
      try {
        return statSync(path.join(root, file)).mtimeMs === mtime;
      } catch {
        return false; // gone
      }
    });
    return same ? out : undefined;
  } catch {
    return undefined; // no stamp yet, or unreadable
  }
}

/**
 * drizzle-orm is the one package copied into a bundle. The app imports it both ways (statically,
 * and `import()` in lib/db/client.ts, to load one driver only); left outside, the two came from
 * node_modules as two copies, the second through Node's ES module loader, which for each of its
 * hundred files parsed drizzle's 179 kB package.json again (about 1 s of each command's start).
 * Inside, both ways reach one copy, its CommonJS files (the `require` condition, as before).
 * @type {import('esbuild').Plugin}
 */
const drizzleInside = {
  name: 'drizzle-inside',
  setup(build) {
    build.onResolve({ filter: /^drizzle-orm(\/|$)/ }, (args) => ({ path: require.resolve(args.path, { paths: [args.resolveDir, root] }) }));
  },
};

/**
 * Bundles `file` beside its stamp, each written beside and then renamed (a concurrent run never
 * reads half of either); earlier bundles of the file are removed. Answers the bundle's path.
 * @param {typeof import('esbuild')} esbuild
 * @param {string} file
 * @param {string} name
 * @param {string} stampFile
 * @returns {Promise<string>}
 */
async function bundle(esbuild, file, name, stampFile) {
  const dir = path.dirname(stampFile);
  const started = Date.now();
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [path.resolve(root, file)],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    packages: 'external', // from node_modules at run time, with the process's conditions (react-server)
    plugins: [drizzleInside],
    tsconfig: path.join(root, 'tsconfig.json'), // the @/ paths
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  // Each input, and each folder holding one (a file added beside an import can change what it
  // resolves to: x.ts beside x/index.ts); the time of each, to tell when the bundle is stale.
  const files = [...Object.keys(result.metafile.inputs), 'tsconfig.json'];
  /** @type {Record<string, number>} */
  const inputs = {};
  for (const input of [...files, ...new Set(files.map((f) => path.dirname(f)))]) inputs[input] = statSync(path.join(root, input)).mtimeMs;
  // A file saved while esbuild read them may be in the bundle as it was before: the bundle is
  // used this once, with no stamp, so the next run makes it again.
  const settled = Object.values(inputs).every((t) => t < started);
  const contents = result.outputFiles[0].contents;
  const bundleName = `${name}.${createHash('sha256').update(contents).digest('hex').slice(0, 16)}.cjs`;
  mkdirSync(dir, { recursive: true });
  /** @param {string} target @param {string | Uint8Array} data */
  const write = (target, data) => {
    const tmp = `${target}.${process.pid}.tmp`;
    try {
      writeFileSync(tmp, data);
      renameSync(tmp, target);
    } finally {
      rmSync(tmp, { force: true });
    }
  };
  write(path.join(dir, bundleName), contents);
  if (!settled) return path.join(dir, bundleName);
  /** @type {Stamp} */
  const stamp = { esbuild: esbuild.version, bundler: BUNDLER, inputs, bundle: bundleName };
  write(stampFile, JSON.stringify(stamp));
  // Earlier bundles of the file, once no process that read the earlier stamp can still be about to load them.
  for (const old of readdirSync(dir)) {
    const at = path.join(dir, old);
    if (old.startsWith(`${name}.`) && old.endsWith('.cjs') && old !== bundleName && (statSync(at, { throwIfNoEntry: false })?.mtimeMs ?? Infinity) < Date.now() - 60_000) rmSync(at, { force: true });
  }
  return path.join(dir, bundleName);
}

/**
 * The module `file` (a path from the project's root, or absolute), its type the caller's to state
 * (scripts/app-modules.d.mts). Falls back to tsx when it cannot be bundled.
 * @param {string} file
 * @param {{ cacheDir?: string }} [options] where bundles are kept (node_modules/.cache/brand-verify)
 * @param {boolean} [again] a second try, after the bundle went missing
 * @returns {Promise<unknown>}
 */
export async function loadAppModule(file, { cacheDir = CACHE } = {}, again = false) {
  const relative = path.relative(root, path.resolve(root, file));
  // Readable, and unique (lib/a-b.ts and lib/a/b.ts read alike)
  const name = `${relative.replace(/\.tsx?$/, '').replace(/[^A-Za-z0-9]+/g, '-')}-${createHash('sha256').update(relative).digest('hex').slice(0, 8)}`;
  const stampFile = path.join(cacheDir, `${name}.json`);
  let out;
  try {
    const esbuild = await import('esbuild');
    out = fresh(stampFile, esbuild.version) ?? (await bundle(esbuild, file, name, stampFile));
  } catch (e) {
    // Not bundled (a read-only node_modules, say): loaded through tsx as before.
    if (process.env.APP_BUNDLE_STRICT) throw e;
    const { require: tsRequire } = await import('tsx/cjs/api');
    return tsRequire(path.resolve(root, file), import.meta.url);
  }
  try {
    return require(out);
  } catch (e) {
    // Removed by a run that bundled the file again just now: its stamp names the new bundle.
    if (/** @type {{ code?: string }} */ (e)?.code === 'MODULE_NOT_FOUND' && !existsSync(out) && !again) return loadAppModule(file, { cacheDir }, true);
    throw e;
  }
}
