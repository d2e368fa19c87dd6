import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { staff, staffTokens } from '@/lib/db/schema';

export const TOKEN_UNUSABLE = 'This link has expired or was already used. Ask for a new one.';

export const normalEmail = (email: string) => email.trim().toLowerCase();

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const newToken = () => randomBytes(32).toString('base64url');

export type StaffAccount = typeof staff.$inferSelect;

export const MEMBER_DISABLED = 'Your access to this brand has been disabled by its owner.';

export const ACCOUNT_DISABLED = 'Your console access has been disabled. Ask the owner of your brand to enable it again.';

/** A usable token of a kind (not used, not expired), or undefined. */
export async function usableToken(kind: 'invitation' | 'reset', token: string, now = new Date()) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const db = await getDb();
  const [row] = await db
    .select()
    .from(staffTokens)
    .where(and(eq(staffTokens.tokenHash, hashToken(token)), eq(staffTokens.kind, kind), isNull(staffTokens.usedAt), gt(staffTokens.expiresAt, now)));
  return row;
}
