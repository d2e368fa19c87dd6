// The types the bench's parts (scripts/bench.mjs and scripts/bench/*.mjs) share, for their JSDoc.
import type { ChildProcess } from 'node:child_process';

/** A row of a bench table: measure, result, and (in the tables that have them) budget and verdict. */
export type Row = string[];

/** What scripts/bench.mjs lends a part that runs a server of its own (`--only upload`, `--only console`). */
export interface BenchServer {
  /** Builds the app unless the build is of the current sources. */
  ensureBuilt(): void;
  /** Starts the built server on a data folder; answers once it serves /login. */
  startServer(dataDir: string, extraEnv?: Record<string, string>): Promise<{ child: ChildProcess; readyMs: number }>;
  /** Stops a server (SIGTERM) and waits for it to exit. */
  stop(child: ChildProcess): Promise<void>;
  /** The server's origin, http://localhost:PORT. */
  base: string;
}
