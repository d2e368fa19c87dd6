import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { products } from '@/lib/db/schema';
import { checkGtin } from './check-gtin';
import { taken } from './shared';

/** A GTIN as typed that no product of the brand has yet → its 14-digit form (422 or 409 naming `gtin`), before anything is made with it. */
export async function freeGtin(clientId: string, raw: string): Promise<string> {
  const gtin = checkGtin(raw);
  const db = await getDb();
  const [other] = await db.select({ id: products.id }).from(products).where(and(eq(products.clientId, clientId), eq(products.gtin, gtin)));
  if (other) throw taken('gtin', gtin);
  return gtin;
}
