#!/usr/bin/env node
// @ts-check
// Lighthouse on a page as a customer's phone sees it: Lighthouse's mobile defaults (a mid-range
// phone's screen, simulated slow 4G at 150 ms / 1.6 Mbit/s and a 4× slower CPU) in Debian's
// Chromium, the median of several runs. Used by `npm run bench`; alone:
//   npm run bench:lighthouse -- http://localhost:3000/info/verify/<qrId> [--runs 3] [--lang hi]
// `--lang`: the browser asks for that language first (Accept-Language), as a phone set to it does
// (docs/languages.md): the page answers in it, with its script's font.
import './runtime.mjs'; // first: re-runs this command under Node 24+ when the system Node is older
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
// The flags of the end-to-end tests (playwright.config.ts), headless.
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export const lighthouseBudgets = { score: 95, lcpMs: 1500, cls: 0.05, tbtMs: 100 };

/** @typedef {{ score: number; lcpMs: number; cls: number; tbtMs: number; fcpMs: number }} LighthouseRun one run's figures */
/** @typedef {'simulate' | 'devtools'} Throttling */

const median = (/** @type {number[]} */ xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * An audit's figure. Lighthouse leaves it out when the audit failed: the run is then not measured
 * (the bench reports such a row as not measured).
 * @param {Record<string, { numericValue?: number }>} audits
 * @param {string} id
 */
function figure(audits, id) {
  const value = audits[id]?.numericValue;
  if (value === undefined) throw new Error(`Lighthouse: no ${id} figure`);
  return value;
}

/**
 * One Lighthouse performance run in a fresh Chromium: score 0–100, LCP and TBT in ms, CLS.
 * throttling 'simulate' (Lighthouse's default, the budgets') loads the page at full speed and
 * estimates slow 4G from the trace; 'devtools' really slows the network and the CPU while the page
 * loads, as a phone on slow 4G would (docs/benchmarks.md, "In a customer's hand").
 * @param {string} url
 * @param {Throttling} [throttling]
 * @param {string} [lang] the language the browser asks for first
 * @returns {Promise<LighthouseRun>}
 */
async function once(url, throttling = 'simulate', lang) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: lang ? [...FLAGS, `--accept-lang=${lang}`, `--lang=${lang}`] : FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], throttlingMethod: throttling });
    if (!result) throw new Error('Lighthouse: no result');
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse: ${runtimeError.code} ${runtimeError.message}`);
    return {
      score: Math.round((categories.performance.score ?? 0) * 100),
      lcpMs: figure(audits, 'largest-contentful-paint'),
      cls: figure(audits, 'cumulative-layout-shift'),
      tbtMs: figure(audits, 'total-blocking-time'),
      fcpMs: figure(audits, 'first-contentful-paint'),
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * The median of each figure over `runs` runs, and the runs themselves; undefined without Chromium.
 * @param {string | string[]} url the page, or one page per run (round robin)
 * @param {number} [runs]
 * @param {Throttling} [throttling]
 * @param {string} [lang] the language the browser asks for first
 * @returns {Promise<(LighthouseRun & { runs: LighthouseRun[] }) | undefined>}
 */
export async function lighthouseMedian(url, runs = 3, throttling = 'simulate', lang = undefined) {
  if (!existsSync(CHROMIUM)) return undefined;
  // Several addresses: run i opens the i-th (round robin), e.g. a fresh code per run, so each run
  // is a first scan as a shopper's is, not a repeat visit to a code the runs before have scanned.
  const urls = Array.isArray(url) ? url : [url];
  if (!urls.length) throw new Error('lighthouseMedian: no page address');
  /** @type {LighthouseRun[]} */
  const all = [];
  for (let i = 0; i < runs; i++) all.push(await once(urls[i % urls.length], throttling, lang));
  const m = (/** @type {keyof LighthouseRun} */ k) => median(all.map((r) => r[k]));
  return { score: m('score'), lcpMs: m('lcpMs'), cls: m('cls'), tbtMs: m('tbtMs'), fcpMs: m('fcpMs'), runs: all };
}

/**
 * Whether each median meets its budget (the issue's: score ≥ 95, LCP ≤ 1.5 s, CLS ≤ 0.05, TBT ≤ 100 ms).
 * @param {LighthouseRun} r
 * @param {typeof lighthouseBudgets} [b]
 */
export function lighthouseVerdict(r, b = lighthouseBudgets) {
  return { score: r.score >= b.score, lcpMs: r.lcpMs <= b.lcpMs, cls: r.cls <= b.cls, tbtMs: r.tbtMs <= b.tbtMs };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  // Several addresses (e.g. fresh codes): one per run, round robin.
  const urls = process.argv.slice(2).filter((a) => /^https?:\/\//.test(a));
  const url = urls[0];
  const i = process.argv.indexOf('--runs');
  const runs = i > 0 ? Number(process.argv[i + 1]) : 3;
  const applied = process.argv.includes('--applied');
  const l = process.argv.indexOf('--lang');
  const lang = l > 0 ? process.argv[l + 1] : undefined;
  if (!url || !Number.isInteger(runs) || runs < 1) {
    console.error('Usage: npm run bench:lighthouse -- <page URL> [<page URL> …, one a run] [--runs 3] [--applied] [--lang hi]');
    process.exit(1);
  }
  const r = await lighthouseMedian(urls, runs, applied ? 'devtools' : 'simulate', lang);
  if (!r) {
    console.error(`Chromium is missing at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH).`);
    process.exit(1);
  }
  const ok = lighthouseVerdict(r);
  console.log(`Lighthouse (mobile, ${applied ? 'applied' : 'simulated'} slow 4G, 4× CPU slowdown), median of ${runs}${lang ? `, in ${lang}` : ''}: ${urls.join(' ')}`);
  console.log(`  performance ${r.score} ${ok.score ? 'ok' : 'UNDER 95'}`);
  console.log(`  LCP ${r.lcpMs.toFixed(0)} ms ${ok.lcpMs ? 'ok' : 'OVER 1500'}; CLS ${r.cls.toFixed(3)} ${ok.cls ? 'ok' : 'OVER 0.05'}; TBT ${r.tbtMs.toFixed(0)} ms ${ok.tbtMs ? 'ok' : 'OVER 100'}; FCP ${r.fcpMs.toFixed(0)} ms`);
  console.log(`  runs: ${r.runs.map((x) => `${x.score}/${x.lcpMs.toFixed(0)} ms`).join(', ')}`);
  process.exit(Object.values(ok).every(Boolean) ? 0 : 2);
}
