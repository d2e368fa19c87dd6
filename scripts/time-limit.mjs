#!/usr/bin/env node
// @ts-check
// node scripts/time-limit.mjs <seconds> <what> <command> [args...]
// Runs a command in a process group of its own and gives it a time limit: past it, says why and
// ends the whole group (the command and whatever it started: jest's database thread, a server a
// test started, Playwright's web server and browsers), so a hang ends the run. Exits with the
// command's code, or 124 when the limit ended it. Used by scripts/test.mjs for each step.
import { spawn } from 'node:child_process';
import os from 'node:os';

const [secondsArg, what, cmd, ...args] = process.argv.slice(2);
const seconds = Number(secondsArg);
if (!Number.isFinite(seconds) || seconds <= 0 || !what || !cmd) {
  console.error('Usage: node scripts/time-limit.mjs <seconds> <what> <command> [args...]');
  process.exit(2);
}

const child = spawn(cmd, args, { stdio: 'inherit', detached: true });
/** @param {NodeJS.Signals} signal */
const group = (signal) => {
  if (child.pid === undefined) return; // never started ('error' below says why)
  try {
    process.kill(-child.pid, signal);
  } catch {
    /* the group is gone */
  }
};

let timedOut = false;
const timer = setTimeout(() => {
  timedOut = true;
  const limit = seconds >= 60 ? `${Math.round(seconds / 6) / 10} min` : `${seconds} s`;
  console.error(`\n[time limit] ${what} did not finish within ${limit}: stopping it and every process it started.`);
  group('SIGTERM');
  setTimeout(() => group('SIGKILL'), 5000).unref();
}, seconds * 1000);

// Ctrl-C or a stop of this process reaches the command's group too (it is not in ours).
for (const signal of /** @type {NodeJS.Signals[]} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.on(signal, () => {
    group(signal);
    setTimeout(() => {
      group('SIGKILL');
      process.exit(1);
    }, 5000).unref();
  });
}

child.on('error', (err) => {
  clearTimeout(timer);
  console.error(`[time limit] cannot run ${cmd}: ${err.message}`);
  process.exit(127);
});
child.on('exit', (code, signal) => {
  clearTimeout(timer);
  group('SIGKILL'); // anything the command left running in its group
  if (timedOut) process.exit(124);
  process.exit(code ?? 128 + ((signal && os.constants.signals[signal]) ?? 0));
});
