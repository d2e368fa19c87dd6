import 'server-only';

// The time a scan is recorded at. Always the real time, except inside `npm run simulate` (and its
// small version in the test suite), which replays days of scans through the real Brand API in
// seconds: it sets the clock in its own process. Nothing reachable over the network can set it.

let override: (() => Date) | null = null;

export const scanClock = (): Date => (override ? override() : new Date());

/** In-process only: `fn` gives the simulated time; null restores the real clock. */
export function setScanClockForSimulation(fn: (() => Date) | null) {
  override = fn;
}
