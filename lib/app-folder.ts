import path from 'node:path';

// The app's own files at run time (catalogues, the fonts the PDFs embed): from the folder the
// launchers name (BRAND_APP_ROOT, scripts/start.mjs), else the working folder, where tests and
// tools run. Not traced by the bundler: these files are read, never imported.

/** The path of a file of the app's folder, from its parts (`appFile('public', 'fonts', name)`). */
export function appFile(...parts: string[]): string {
  return path.join(/*turbopackIgnore: true*/ path.resolve(/*turbopackIgnore: true*/ process.env.BRAND_APP_ROOT ?? process.cwd()), ...parts);
}
