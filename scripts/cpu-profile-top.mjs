#!/usr/bin/env node
// @ts-check
// The top entries of a V8 CPU profile (node --cpu-prof): self time by file or package, and by
// function. Used to find where the verify page's time goes (docs/benchmarks.md):
//   node scripts/cpu-profile-top.mjs CPU.….cpuprofile [entries]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

const [file, count = '15'] = process.argv.slice(2);
if (!file) {
  console.error('Usage: node scripts/cpu-profile-top.mjs <file.cpuprofile> [entries]');
  process.exit(1);
}
/** @type {import('node:inspector').Profiler.Profile & { samples: number[]; timeDeltas: number[] }} the samples are in every profile --cpu-prof writes */
const profile = JSON.parse(readFileSync(file, 'utf8'));
/** @type {Map<number, number>} */
const time = new Map(); // node id → sampled microseconds
profile.samples.forEach((id, i) => time.set(id, (time.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...time.values()].reduce((a, b) => a + b, 0);

const where = (/** @type {string} */ url) => (url ? url.replace(/^file:\/\//, '').replace(root + path.sep, '') : '');
/** @type {Map<string, number>} */
const byFile = new Map();
/** @type {Map<string, number>} */
const byFunction = new Map();
for (const node of profile.nodes) {
  const t = time.get(node.id) ?? 0;
  if (!t) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const f = where(url) || functionName;
  byFile.set(f, (byFile.get(f) ?? 0) + t);
  const fn = url ? `${functionName || '(anonymous)'} ${where(url)}:${lineNumber + 1}` : functionName;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + t);
}
const top = (/** @type {Map<string, number>} */ m) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(count))
    .map(([k, v]) => `${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`)
    .join('\n');
console.log(`${(total / 1e6).toFixed(1)} s sampled\n\nself time by file\n${top(byFile)}\n\nself time by function\n${top(byFunction)}`);
