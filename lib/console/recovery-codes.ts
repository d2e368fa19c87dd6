import 'server-only';
import { and, count, eq, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import type { DbOrTx } from '@/lib/db/db-or-tx';
import { staffRecoveryCodes } from '@/lib/db/schema';
import { hashRecoveryCode, newRecoveryCodes } from '@/lib/auth/recovery-codes';
import { formatRecoveryCode, isRecoveryCodeShape, normalizeRecoveryCode } from '@/lib/domain/recovery-codes';

// A staff account's recovery codes (docs/console.md, "Second factor"): ten at a time, shown once
// when they are made (set-up of the authenticator, or the member asking for a new set), stored
// only as keyed hashes (lib/auth/recovery-codes.ts). A new set replaces every code of the old one,
// used or not. A code stands in for the authenticator's code at sign-in, once.

/** Replaces the account's codes with ten new ones; answers them as shown (`xxxx-xxxx-xxxx`). */
export async function replaceRecoveryCodes(staffId: string, db?: DbOrTx, now = new Date()): Promise<string[]> {
  const codes = newRecoveryCodes();
  const write = async (tx: DbOrTx) => {
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
    await tx.insert(staffRecoveryCodes).values(codes.map((code) => ({ staffId, codeHash: hashRecoveryCode(staffId, code), createdAt: now })));
  };
  if (db) await write(db);
  else await (await getDb()).transaction(write);
  return codes.map(formatRecoveryCode);
}

/** Removes every code of the account (its second factor was reset). */
export async function dropRecoveryCodes(db: DbOrTx, staffId: string): Promise<void> {
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
}

/** How many of the account's codes are still unused. */
export async function remainingRecoveryCodes(staffId: string, db?: DbOrTx): Promise<number> {
  const handle = db ?? (await getDb());
  const [row] = await handle.select({ n: count() }).from(staffRecoveryCodes).where(and(eq(staffRecoveryCodes.staffId, staffId), isNull(staffRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/**
 * Spends one of the account's unused codes: true when `typed` was one (it is now used), false
 * otherwise. One conditional update, so two requests with the same code cannot both pass.
 */
export async function spendRecoveryCode(staffId: string, typed: string, now = new Date()): Promise<boolean> {
  const code = normalizeRecoveryCode(typed);
  if (!isRecoveryCodeShape(code)) return false;
  const db = await getDb();
  const spent = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(staffRecoveryCodes.staffId, staffId), eq(staffRecoveryCodes.codeHash, hashRecoveryCode(staffId, code)), isNull(staffRecoveryCodes.usedAt)))
    .returning({ staffId: staffRecoveryCodes.staffId });
  return spent.length === 1;
}
