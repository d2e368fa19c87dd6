import 'server-only';
import { getDb, type Db } from '@/lib/db/client';
import { trackingEvents } from '@/lib/db/schema';
import type { TrackingEventBody, TrackingEventView } from '@/lib/schemas/console-codes';
import { randomId } from '@/lib/ids';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';
import { findCode } from './shared';

/**
 * Records where a unit, case or pallet code has got to (a stage, a place, a time: now when not
 * given); the customer's tracking page shows it. The console and `npm run brand
 * record-tracking-event` call this one; audited as code.tracking.
 */
export async function recordTrackingEventOf(scope: ConsoleScope, qrId: string, body: TrackingEventBody): Promise<TrackingEventView> {
  const db = await getDb();
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const code = await findCode(tx, scope.clientId, qrId);
    const at = body.at ? new Date(body.at) : new Date();
    const id = randomId('te', 16);
    await tx.insert(trackingEvents).values({ id, clientId: scope.clientId, codeId: code.id, stage: body.stage, place: body.place, at });
    const event = { id, qrId: code.qrId, stage: body.stage, place: body.place, at: at.toISOString() };
    await recordAudit(tx, scope, { action: 'code.tracking', target: code.qrId, after: { stage: event.stage, place: event.place, at: event.at } });
    return event;
  });
}
