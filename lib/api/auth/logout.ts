import 'server-only';
import type { BrandContext } from '../route-context';
import { clearSessionCookie, readSessionId } from './cookie';
import { revokeSession } from './sessions';

// POST /api/auth/customer/logout — revokes this browser's session (if any) and clears the cookie.
// Always succeeds, so a client can always sign out.

export async function logout(c: BrandContext): Promise<{ success: true }> {
  const sessionId = await readSessionId(c);
  if (sessionId) await revokeSession(c.clientId, sessionId);
  clearSessionCookie(c);
  return { success: true };
}
