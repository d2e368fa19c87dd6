import 'server-only';
import { running } from './shared';

/** Waits for the runs this process is writing (tests, and an orderly shutdown). */
export async function codeRunsSettled(): Promise<void> {
  while (running.size) await Promise.allSettled([...running.values()]);
}
