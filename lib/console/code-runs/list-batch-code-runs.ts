import 'server-only';
import type { CodeRun } from '@/lib/schemas/console-catalogue';
import { batchCodeCount, requireBatchById } from '../catalogue';
import type { ConsoleScope } from '../scope';
import { listCodeRuns } from './list-code-runs';

/**
 * A batch's runs, newest first (another brand's batch, or none, is 404), and, when asked, the
 * batch's code count, read after the runs, so a run shown done has its codes counted: the batch
 * page's poll shows that count as a run ends. The page's first render has the count from the
 * batch's own answer and does not ask for it (no count of the batch's codes).
 */
export async function listBatchCodeRuns(scope: ConsoleScope, batchId: string, options: { batchCodes: boolean }): Promise<{ runs: CodeRun[]; batchCodes?: number }> {
  const batch = await requireBatchById(scope, batchId);
  const runs = await listCodeRuns(scope, { batchId: batch.id });
  if (!options.batchCodes) return { runs };
  return { runs, batchCodes: await batchCodeCount(scope, batch.id) };
}
