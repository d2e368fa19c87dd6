import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { codes } from '@/lib/db/schema';
import { normalizeAuthCode } from '@/lib/domain/auth-code';
import { fieldError } from '@/lib/errors';
import { verifyCode, type ScanContext } from './verify-code';

// POST /api/verify/auth-code — the customer types the code under the scratch-off instead of
// scanning the covert QR code: the same post-sale verification as /covert/post/verify/{qrId}.
// An unknown code answers Fake (recorded); a code that cannot be one (wrong length or
// characters) answers 422 naming the field.
export async function verifyAuthCode(ctx: ScanContext, typed: string) {
  const authCode = normalizeAuthCode(typed);
  if (!authCode) throw fieldError('unprocessable', 'code', 'must be the 10-character code printed under the scratch-off');
  const db = await getDb();
  const [code] = await db
    .select({ qrId: codes.qrId })
    .from(codes)
    .where(and(eq(codes.clientId, ctx.clientId), eq(codes.authCode, authCode), eq(codes.level, 7)));
  // Unknown: judged as an unknown qrId, so the answer and the record are those of a Fake scan.
  return verifyCode({ ...ctx, raw: authCode }, 'covert-post', code?.qrId ?? `auth-code-${authCode}`);
}
