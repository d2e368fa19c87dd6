import { closeDb, getDb } from '@/lib/db/client';
import { ensureSessionSecret } from '@/lib/secrets';
import { toErrorResponse } from '@/lib/errors';
import { runOperatorCommand } from './commands';

// Runs one operator command in this process, opening DATA_DIR itself (its lock refuses to
// open a folder a live server holds). Used by scripts/brand.mjs when no server is running.
export async function runLocal(command: string, args: unknown): Promise<{ ok: true; result: unknown } | { ok: false; status: number; body: { errorMessage: string; code: string } }> {
  ensureSessionSecret();
  try {
    await getDb();
    return { ok: true, result: await runOperatorCommand(command, args) };
  } catch (err) {
    const { status, body } = toErrorResponse(err);
    if (status === 500 && err instanceof Error) return { ok: false, status, body: { errorMessage: err.message, code: 'internal' } };
    return { ok: false, status, body };
  } finally {
    await closeDb();
  }
}
