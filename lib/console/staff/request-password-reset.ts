import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { staffTokens } from '@/lib/db/schema';
import { sendMessage } from '@/lib/messaging';
import { findStaffByEmail } from './find-staff-by-email';
import { membershipsOf } from './memberships-of';
import { newToken, hashToken } from './shared';

export const RESET_TTL_MS = 3_600_000;

/** Sends a reset link to an account with a password; nothing (and no sign of it) for any other address. */
export async function requestPasswordReset(email: string, consoleOrigin: string, now = new Date()): Promise<void> {
  const account = await findStaffByEmail(email);
  if (!account?.passwordHash || account.disabledAt) return;
  const token = newToken();
  const db = await getDb();
  await db
    .update(staffTokens)
    .set({ usedAt: now })
    .where(and(eq(staffTokens.kind, 'reset'), eq(staffTokens.email, account.email), isNull(staffTokens.usedAt)));
  await db.insert(staffTokens).values({ tokenHash: hashToken(token), kind: 'reset', email: account.email, createdAt: now, expiresAt: new Date(now.getTime() + RESET_TTL_MS) });
  const [first] = await membershipsOf(account.id);
  await sendMessage({
    channel: 'email',
    to: account.email,
    purpose: 'STAFF-RESET',
    code: '',
    link: `${consoleOrigin}/reset/${token}`,
    clientId: first?.clientId ?? '',
    brandName: first?.name ?? 'Brand console',
  });
}
