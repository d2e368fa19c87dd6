import 'server-only';
import type { DbOrTx } from '@/lib/db/db-or-tx';

// Database helpers shared by the after-sales areas.

export type { DbOrTx };

/** PostgreSQL unique_violation (23505), as pg and PGlite report it. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (e.code === '23505') return !constraint || e.constraint === constraint || String((e as Error).message ?? '').includes(constraint);
  }
  return false;
}

/** YYYY-MM-DD of today (UTC). */
export const todayIso = (now = new Date()) => now.toISOString().slice(0, 10);
