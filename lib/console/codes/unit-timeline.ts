import 'server-only';
import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { scans } from '@/lib/db/schema';
import { placeNameOf } from '@/lib/places/gazetteer';
import { timelineEntrySchema } from '@/lib/schemas/red-flags';

/** A session's name in the timeline: a short hash, so a device id is never shown. */
const sessionName = (key: string | null) => (key ? `s-${createHash('sha256').update(key).digest('base64url').slice(0, 8)}` : '');

/** A scan's place by name; an address place is the network's, said so. */
function nearOf(s: { lat: number | null; lng: number | null; placeFromIp: boolean }): string {
  const name = s.lat === null || s.lng === null ? null : placeNameOf({ lat: s.lat, lng: s.lng });
  if (!name) return '';
  return s.placeFromIp ? `${name} (the network's location)` : name;
}

/** Every scan of a unit (its pair id, or the code id of a case, pallet or batch-level code), oldest first. */
export async function unitTimeline(clientId: string, unitKey: string, limit: number) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(scans)
    .where(and(eq(scans.clientId, clientId), eq(scans.unitKey, unitKey)))
    .orderBy(asc(scans.at), asc(scans.id))
    .limit(limit);
  return rows.map((s) =>
    timelineEntrySchema.parse({
      at: s.at.toISOString(),
      qrId: s.qrIdRaw,
      kind: s.kind,
      result: s.result,
      risk: s.risk ?? '',
      session: sessionName(s.sessionKey),
      customerId: s.customerId ?? '',
      place: s.lat === null || s.lng === null ? '' : `${s.lat.toFixed(2)},${s.lng.toFixed(2)}`,
      near: nearOf(s),
    }),
  );
}
