import 'server-only';
import { beforeDbClose } from '@/lib/db/client';
import { codeRunsSettled } from './code-runs-settled';

/** Set while the database is closing: runs stop at their next chunk (their codes so far kept). */
export let stopping = false;

/** Stops this process's runs at their next chunk and waits for them (the database is closing). */
export async function stopCodeRuns(): Promise<void> {
  stopping = true;
  try {
    await codeRunsSettled();
  } finally {
    stopping = false;
  }
}

beforeDbClose(stopCodeRuns);
