import { getDb } from '@/lib/db/client';
import { customers, sessions } from '@/lib/db/schema';
import { randomId } from '@/lib/ids';
import { signAccessToken } from '@/lib/auth/access-token';

// Test-only: signed-in customers without going through sign-up, for tests that need many
// (e.g. 50 concurrent claims). A real customer row, a live session row, and an access token
// minted by the auth module, so requireCustomer accepts them exactly as it accepts a browser.

export type TestCustomer = { customerId: string; sessionId: string; token: string };

export async function createTestCustomer(clientId: string): Promise<TestCustomer> {
  const db = await getDb();
  const customerId = randomId('cu', 16);
  const sessionId = randomId('ses', 32);
  await db.insert(customers).values({ id: customerId, clientId, userName: 'Test Customer', email: `${customerId.toLowerCase()}@test.example`, contactVerifiedAt: new Date() });
  await db.insert(sessions).values({ id: sessionId, clientId, customerId, expiresAt: new Date(Date.now() + 3_600_000) });
  const token = await signAccessToken({ customerId, clientId, sessionId }, { ttlSeconds: 3600 });
  return { customerId, sessionId, token };
}

export async function createTestCustomers(clientId: string, n: number): Promise<TestCustomer[]> {
  const out: TestCustomer[] = [];
  for (let i = 0; i < n; i++) out.push(await createTestCustomer(clientId));
  return out;
}
