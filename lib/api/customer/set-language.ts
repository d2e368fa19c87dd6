import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { customers } from '@/lib/db/schema';
import { ApiError, fieldError } from '@/lib/errors';
import type { Locale } from '@/lib/shared/i18n';

// PUT /api/customer/language — the language the customer chose with the switcher, kept in their
// profile so it follows them to another browser (docs/languages.md, "Choosing"). Only a language
// this brand offers.
export async function setLanguage(clientId: string, customerId: string, language: Locale, offered: readonly string[]): Promise<{ language: Locale }> {
  if (!offered.includes(language)) throw fieldError('bad_request', 'language', `is not offered here (offered: ${offered.join(', ')})`);
  const db = await getDb();
  const [row] = await db
    .update(customers)
    .set({ language, updatedAt: new Date() })
    .where(and(eq(customers.id, customerId), eq(customers.clientId, clientId), eq(customers.dataStatus, 'ACTIVE')))
    .returning({ language: customers.language });
  if (!row) throw new ApiError('unauthorized', 'Unauthorized');
  return { language };
}
