// @ts-check
// The browser of the end-to-end tests: Debian's Chromium as its headless shell (the package
// chromium-headless-shell, /usr/bin/chromium-headless-shell), the build Playwright itself runs
// headless tests in, or else the full browser (the package chromium, /usr/bin/chromium) in its
// headless mode. The shell draws the same pages with the same engine without the full browser's
// machinery: on two spec files its processes took about half the CPU (137 s against 70 s, 29 Nov),
// on a 2-core machine where the end-to-end step keeps both cores busy. CHROMIUM_PATH overrides both.
// The shell has no PDF viewer: a test of a PDF shown in place launches the full browser
// (pdfChromium), which npm test installs beside the shell.
import { existsSync } from 'node:fs';

export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const FULL_BROWSER = '/usr/bin/chromium';

/**
 * The flags of every end-to-end launch: on a closed network, background connections fail and slow
 * Chromium down. @type {string[]}
 */
export const QUIET_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** The Chromium binary the end-to-end tests launch. @returns {string} */
export function e2eChromium() {
  return process.env.CHROMIUM_PATH || [HEADLESS_SHELL, FULL_BROWSER].find((file) => existsSync(file)) || FULL_BROWSER;
}

/** The browser of a test that shows a PDF in place: the full browser, whose PDF viewer the shell lacks. @returns {string} */
export function pdfChromium() {
  return process.env.CHROMIUM_PATH || FULL_BROWSER;
}
