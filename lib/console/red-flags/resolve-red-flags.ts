import 'server-only';
import { getDb, type Db } from '@/lib/db/client';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import { closeIn } from './close-red-flag';

/**
 * Several open flags resolved as copies with one note (and, asked, their units' codes
 * blacklisted), in one transaction: all or nothing (one not open is a 409 naming it, another
 * brand's a 404). Each flag is audited as when resolved alone, and the whole once more
 * (redFlags.resolve.bulk).
 */
export async function resolveRedFlags(scope: ConsoleScope, args: { ids: string[]; note: string; blacklist?: boolean }) {
  const db = await getDb();
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const resolved = [];
    for (const id of args.ids) resolved.push(await closeIn(tx, scope, { id, note: args.note, blacklist: args.blacklist }, 'resolved'));
    await recordAudit(tx, scope, {
      action: 'redFlags.resolve.bulk',
      target: `${resolved.length} red flag${resolved.length === 1 ? '' : 's'}`,
      after: { ids: args.ids, note: args.note, blacklisted: resolved.flatMap((r) => r.blacklisted) },
    });
    return { resolved };
  });
}
