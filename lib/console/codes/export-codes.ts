import 'server-only';
import { and } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { ApiError } from '@/lib/errors';
import type { CodeExportQuery } from '@/lib/schemas/console-codes';
import { recordAudit } from '../audit';
import { exportFileName, keysetPages } from '../list-kit';
import { CSV_MAX_ROWS } from '@/lib/schemas/console-list';
import type { ConsoleScope } from '../scope';
import { seesCodeSecrets, matchOf, hideCovertOf, codeFilters, type Names, selectCodes, rowOf } from './shared';

export const CODE_EXPORT_HEADER = ['Code id', 'Kind', 'State', 'Product', 'Batch', 'Unit', 'Authentication code', 'Created'] as const;

/**
 * Every code the list's search and filters match, in its order, as CSV rows a page at a time
 * (keyset pages of EXPORT_PAGE_ROWS: one page in memory at most). The same rows, and the same
 * secrets by role, as the list; audited as codes.export with the filters.
 */
export async function exportCodes(scope: ConsoleScope, query: CodeExportQuery): Promise<{ fileName: string; rows: AsyncIterable<string[][]> }> {
  const { clientId } = scope;
  const secrets = seesCodeSecrets(scope);
  // A file of codes is what copies are printed from: only the roles that print download one,
  // as with a batch's codes (lib/console/catalogue-exports/). The list shows a page at a time.
  if (!secrets) throw new ApiError('forbidden', 'Your role may not download codes: only the roles that print (owner, manager) may.');
  const { matchedBy, where: match } = await matchOf(clientId, query.q);
  const where = and(match, hideCovertOf(scope, matchedBy), await codeFilters(clientId, query));
  await recordAudit(await getDb(), scope, { action: 'codes.export', target: 'codes', after: { ...query } });
  const names: Names = { batches: new Map(), products: new Map() };
  const pages = keysetPages(
    async (after, limit) => (matchedBy === 'none' ? [] : (await selectCodes(clientId, where, limit, query, after, names)).map((r) => ({ row: r, key: r.key }))),
    { max: CSV_MAX_ROWS },
  );
  async function* rows() {
    for await (const page of pages) {
      yield page.map((j) => {
        const r = rowOf(j, secrets);
        return [r.qrId, r.batchLevel ? 'batch-level' : r.kind, r.state, r.product, r.batch, r.unit, r.authCode, r.createdAt];
      });
    }
  }
  return { fileName: exportFileName(scope.slug, 'codes'), rows: rows() };
}
