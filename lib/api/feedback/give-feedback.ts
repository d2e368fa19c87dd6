import 'server-only';
import { getDb } from '@/lib/db/client';
import { feedback } from '@/lib/db/schema';
import { randomId } from '@/lib/ids';
import type { z } from 'zod';
import type { feedbackBodySchema } from '@/lib/schemas/feedback';
import { findMyUnit } from '../aftersales/find-my-unit';

// POST /api/customer/feedback — a rating (1-5) and a comment, optionally about a claimed unit.
export async function giveFeedback(clientId: string, customerId: string, body: z.output<typeof feedbackBodySchema>) {
  const db = await getDb();
  if (body.unitId) await findMyUnit(db, clientId, customerId, body.unitId);
  const [row] = await db
    .insert(feedback)
    .values({ id: randomId('fb', 16), clientId, customerId, unitId: body.unitId ?? null, rating: body.rating, comment: body.comment })
    .returning();
  return { feedbackId: row!.id, rating: row!.rating, comment: row!.comment, unitId: row!.unitId, createdAt: row!.createdAt.toISOString() };
}
