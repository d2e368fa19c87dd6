import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { codes } from '@/lib/db/schema';
import { fieldError } from '@/lib/errors';
import { codeSearchSchema, type CodeSearch, type CodeSearchQuery } from '@/lib/schemas/console-codes';
import type { ConsoleScope } from '../scope';
import { type Key, seesCodeSecrets, matchOf, hideCovertOf, codeFilters, selectCodes, rowOf } from './shared';

/** A page's `next`: the last id when unsorted (as before sorts), else its sort key and id. */
const cursorOf = (key: Key, sorted: boolean) => (sorted ? Buffer.from(JSON.stringify([key.value, key.id])).toString('base64url') : key.id);

function keyOfCursor(after: string | undefined, sorted: boolean): Key | null {
  if (!after) return null;
  if (!sorted) return { value: '', id: after };
  try {
    const v: unknown = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'string' && v[0].length <= 64 && v[1].length <= 64) return { value: v[0], id: v[1] };
  } catch {
    // falls through to the refusal
  }
  throw fieldError('unprocessable', 'after', 'must be the next value of a previous page of the same sort');
}

/**
 * Codes by a search term and the list's filters, in pages (keyset: `after` is the previous page's
 * `next`), sorted by a column or by the code's id, with how many match in all. The term is tried
 * as a qrId, then an authentication code, then a batch number; an empty term lists every code.
 */
export async function searchCodes(scope: ConsoleScope, query: CodeSearchQuery): Promise<CodeSearch> {
  const { clientId } = scope;
  const secrets = seesCodeSecrets(scope);
  const { matchedBy, where: match } = await matchOf(clientId, query.q);
  if (matchedBy === 'none') return codeSearchSchema.parse({ matchedBy, codes: [], total: 0, next: '' });
  const where = and(match, hideCovertOf(scope, matchedBy), await codeFilters(clientId, query));
  const sorted = !!query.sort;
  const db = await getDb();
  const [rows, [counted]] = await Promise.all([
    selectCodes(clientId, where, query.limit + 1, query, keyOfCursor(query.after, sorted)),
    db.select({ n: sql<number>`count(*)::int` }).from(codes).where(and(eq(codes.clientId, clientId), where)),
  ]);
  const more = rows.length > query.limit;
  const shown = rows.slice(0, query.limit);
  return codeSearchSchema.parse({
    matchedBy,
    codes: shown.map((r) => rowOf(r, secrets)),
    total: Number(counted?.n ?? 0),
    next: more ? cursorOf(shown[shown.length - 1]!.key, sorted) : '',
  });
}
