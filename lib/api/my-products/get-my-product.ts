import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { codes, journeyRuns, journeys, trackingEvents, warranties } from '@/lib/db/schema';
import { findMyUnit } from '../aftersales/find-my-unit';
import { todayIso } from '../aftersales/db';
import { shapeUnit } from './shape-unit';

// GET /api/customer/my-products/{unitId} — one claimed unit: details, expiry check, tracking
// (events on the unit's codes, its case and pallet, when the brand has tracking on) and whether
// its product has a scan journey.

const MAX_DEPTH = 3; // unit → case → pallet

async function unitTracking(clientId: string, unitId: string) {
  const db = await getDb();
  const own = await db
    .select({ id: codes.id, level: codes.level, parentCodeId: codes.parentCodeId })
    .from(codes)
    .where(and(eq(codes.clientId, clientId), eq(codes.pairId, unitId)));
  const levels = new Map(own.map((c) => [c.id, c.level]));
  let frontier = own.map((c) => c.parentCodeId).filter((id): id is string => !!id);
  for (let depth = 0; frontier.length && depth < MAX_DEPTH; depth++) {
    const parents = await db
      .select({ id: codes.id, level: codes.level, parentCodeId: codes.parentCodeId })
      .from(codes)
      .where(and(eq(codes.clientId, clientId), inArray(codes.id, frontier)));
    frontier = [];
    for (const p of parents) {
      if (levels.has(p.id)) continue;
      levels.set(p.id, p.level);
      if (p.parentCodeId) frontier.push(p.parentCodeId);
    }
  }
  if (!levels.size) return [];
  const events = await db
    .select()
    .from(trackingEvents)
    .where(and(eq(trackingEvents.clientId, clientId), inArray(trackingEvents.codeId, [...levels.keys()])))
    .orderBy(asc(trackingEvents.at));
  return events.map((e) => ({ stage: e.stage, place: e.place, at: e.at.toISOString(), level: levels.get(e.codeId)! }));
}

export async function getMyProduct(clientId: string, customerId: string, unitId: string, trackingEnabled: boolean) {
  const db = await getDb();
  const unit = await findMyUnit(db, clientId, customerId, unitId);
  const [warranty] = await db
    .select({ endsOn: warranties.endsOn, status: warranties.status })
    .from(warranties)
    .where(and(eq(warranties.clientId, clientId), eq(warranties.customerId, customerId), eq(warranties.unitId, unitId)));
  const [journey] = await db
    .select({ id: journeys.id, completedAt: journeyRuns.completedAt })
    .from(journeys)
    .leftJoin(
      journeyRuns,
      and(eq(journeyRuns.journeyId, journeys.id), eq(journeyRuns.unitId, unitId), eq(journeyRuns.clientId, clientId), eq(journeyRuns.customerId, customerId)),
    )
    .where(and(eq(journeys.clientId, clientId), eq(journeys.productId, unit.product.id)));
  return {
    ...shapeUnit(unit, warranty, todayIso()),
    tracking: { enabled: trackingEnabled, events: trackingEnabled ? await unitTracking(clientId, unitId) : [] },
    journey: { available: !!journey, completed: !!journey?.completedAt },
  };
}
