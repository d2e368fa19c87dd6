import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { redFlags } from '@/lib/db/schema';
import { placeNamesOf } from '../place-filter';
import type { ConsoleScope } from '../scope';
import { flagLat, flagLng } from './shared';

/** The names of the places of the brand's red flags, for the place filter's choices. */
export async function redFlagPlaces(scope: ConsoleScope): Promise<string[]> {
  const db = await getDb();
  const points = await db.selectDistinct({ lat: flagLat, lng: flagLng }).from(redFlags).where(eq(redFlags.clientId, scope.clientId)).limit(5000);
  return placeNamesOf(points);
}
