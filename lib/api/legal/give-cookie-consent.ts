import 'server-only';
import { getDb } from '@/lib/db/client';
import { cookieConsents } from '@/lib/db/schema';
import { randomId } from '@/lib/ids';

// POST /api/customer/cookie-consent — appends a consent record (who, when); never overwritten.
export async function giveCookieConsent(clientId: string, customerId: string): Promise<{ isCookieConsentGiven: true }> {
  const db = await getDb();
  await db.insert(cookieConsents).values({ id: randomId('cc'), clientId, customerId });
  return { isCookieConsentGiven: true };
}
