import 'server-only';
import path from 'node:path';

/**
 * The path of a file shipped in an installed package (its data, not its code), resolved the way
 * Node resolves the package from the app's folder. Node's own `createRequire` is taken from the
 * running process rather than imported, so that no bundler swaps it for a stand-in of its own
 * (webpack's gives a `require` without `resolve`). Throws when the package is not installed.
 */
export function packageFile(pkg: string, file: string): string {
  const { createRequire } = process.getBuiltinModule('node:module');
  const req = createRequire(path.join(process.cwd(), 'package.json'));
  return path.join(path.dirname(req.resolve(`${pkg}/package.json`)), file);
}
