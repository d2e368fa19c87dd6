import 'server-only';
import { and, eq, ne, sql } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db/client';
import { codes, redFlags } from '@/lib/db/schema';
import { ApiError } from '@/lib/errors';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';

/**
 * Closes an open flag with a note; a closed one is 409, another brand's or an unknown one 404.
 * Resolving it as a copy may also blacklist the unit's codes (the printed one and the hidden one
 * together), so customers who scan them are told the code is not genuine: the flag then says it
 * blacklisted them, and each code changed gets its own code.blacklist entry beside the flag's.
 */
export async function closeRedFlag(scope: ConsoleScope, args: { id: string; note: string; blacklist?: boolean }, status: 'resolved' | 'dismissed') {
  const db = await getDb();
  return db.transaction(async (txAny) => closeIn(txAny as unknown as Db, scope, args, status));
}

/** Closes one flag inside a transaction the caller holds (closeRedFlag, resolveRedFlags, clearing a brand's mark). */
export async function closeIn(tx: Db, scope: ConsoleScope, args: { id: string; note: string; blacklist?: boolean }, status: 'resolved' | 'dismissed') {
  const [flag] = await tx.select().from(redFlags).where(and(eq(redFlags.clientId, scope.clientId), eq(redFlags.id, args.id))).for('update');
  if (!flag) throw new ApiError('not_found', `No red flag ${args.id}`);
  if (flag.status !== 'open') throw new ApiError('conflict', `Red flag ${args.id} is already ${flag.status}`);
  const unit = sql`coalesce(${codes.pairId}, ${codes.id}) = ${flag.unitKey}`;
  // A copy, confirmed: the unit's codes still active go on the blacklist now.
  const blacklistedNow: string[] = [];
  if (status === 'resolved' && args.blacklist) {
    const changed = await tx
      .update(codes)
      .set({ listStatus: 'Blacklisted' })
      .where(and(eq(codes.clientId, scope.clientId), unit, ne(codes.listStatus, 'Blacklisted')))
      .returning({ qrId: codes.qrId });
    for (const c of changed.sort((a, b) => (a.qrId < b.qrId ? -1 : a.qrId > b.qrId ? 1 : 0))) {
      blacklistedNow.push(c.qrId);
      await recordAudit(tx, scope, { action: 'code.blacklist', target: c.qrId, before: { listStatus: 'Whitelisted' }, after: { listStatus: 'Blacklisted', redFlag: flag.id } });
    }
  }
  const blacklisted = flag.blacklisted || (status === 'resolved' && !!args.blacklist);
  await tx
    .update(redFlags)
    .set({ status, note: args.note, closedAt: new Date(), ...(status === 'resolved' ? { blacklisted } : {}) })
    .where(and(eq(redFlags.clientId, scope.clientId), eq(redFlags.id, flag.id)));
  // Not a copy after all: the unit's codes come off the blacklist the flag put them on.
  let unblacklisted = false;
  if (status === 'dismissed' && flag.blacklisted) {
    await tx.update(codes).set({ listStatus: 'Whitelisted' }).where(and(eq(codes.clientId, scope.clientId), unit));
    unblacklisted = true;
  }
  await recordAudit(tx, scope, {
    action: status === 'resolved' ? 'redFlag.resolve' : 'redFlag.dismiss',
    target: flag.id,
    before: { status: flag.status },
    after: { status, note: args.note, unblacklisted, ...(status === 'resolved' ? { blacklisted: blacklistedNow } : {}) },
  });
  return { id: flag.id, status, note: args.note, unblacklisted, blacklisted: status === 'resolved' ? blacklistedNow : [] };
}
