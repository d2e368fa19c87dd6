import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { journeyAnswers, journeyRuns } from '@/lib/db/schema';
import { randomId } from '@/lib/ids';
import type { stepAnswerBodySchema } from '@/lib/schemas/journeys';
import type { RewardGrant } from '@/lib/schemas/rewards';
import type { z } from 'zod';
import { ApiError, fieldError, notFound } from '@/lib/errors';
import { isUniqueViolation } from '../aftersales/db';
import { findMyUnit } from '../aftersales/find-my-unit';
import { grantReward } from '../rewards/grant-reward';
import { findGrants } from '../rewards/find-grants';
import { loadJourney, shapeJourney } from './load-journey';
import { notOfferedMessage } from '../feature-flags';

// POST /api/customer/my-products/{unitId}/journey/steps/{stepId} — answers the next step of the
// unit's journey. Steps go in order: the run's next_position moves by a conditional update, so
// a step is answered once even under double submits. A REWARD step grants its reward in the
// same transaction (lib/api/rewards/grant-reward.ts); a refusal there leaves the step open.

type Body = z.output<typeof stepAnswerBodySchema>;

function answerFor(type: string, config: Record<string, unknown>, body: Body): Record<string, string> {
  if (type === 'DECISION') {
    if (body.value !== undefined) throw fieldError('unprocessable', 'value', 'a question step takes choice');
    const options = (config.options as string[]) ?? [];
    if (body.choice === undefined) throw new ApiError('unprocessable', 'choice is required', undefined, 'choice');
    if (!options.includes(body.choice)) throw fieldError('unprocessable', 'choice', `must be one of: ${options.join(', ')}`);
    return { choice: body.choice };
  }
  if (type === 'INPUT') {
    if (body.choice !== undefined) throw fieldError('unprocessable', 'choice', 'an input step takes value');
    const max = Number(config.maxLength ?? 100);
    if (!body.value) throw new ApiError('unprocessable', 'value is required', undefined, 'value');
    if (body.value.length > max) throw fieldError('unprocessable', 'value', `must be at most ${max} characters`);
    return { value: body.value };
  }
  if (body.choice !== undefined || body.value !== undefined) throw new ApiError('unprocessable', `An ${type} step takes no answer: send {}`);
  return {};
}

export async function answerStep(
  clientId: string,
  customerId: string,
  unitId: string,
  stepId: string,
  body: Body,
  loyalty: { enabled: boolean; brandName: string },
): Promise<{ journey: ReturnType<typeof shapeJourney>; grant: RewardGrant | null }> {
  const db = await getDb();
  let grantId: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const unit = await findMyUnit(tx, clientId, customerId, unitId);
      const loaded = await loadJourney(tx, clientId, customerId, unit);
      const step = loaded.steps.find((s) => s.id === stepId);
      if (!step) throw notFound('Step');
      const value = answerFor(step.type, step.config, body);
      if (step.type === 'REWARD' && !loyalty.enabled) throw new ApiError('forbidden', notOfferedMessage(loyalty.brandName));
      let run = loaded.run;
      if (!run) {
        [run] = await tx
          .insert(journeyRuns)
          .values({ id: randomId('jr', 16), clientId, customerId, journeyId: loaded.journey.id, unitId })
          .onConflictDoNothing()
          .returning();
        if (!run) throw new ApiError('conflict', 'This step was just answered; reload the journey');
      }
      if (step.position < run.nextPosition) throw new ApiError('conflict', 'This step is already answered');
      const expected = loaded.steps.find((s) => s.position >= run.nextPosition);
      if (expected?.id !== step.id) throw new ApiError('conflict', `Answer the steps in order: next is "${expected?.title ?? ''}"`);
      const last = loaded.steps[loaded.steps.length - 1]!;
      const moved = await tx
        .update(journeyRuns)
        .set({ nextPosition: step.position + 1, ...(step.id === last.id ? { completedAt: sql`now()` } : {}) })
        .where(and(eq(journeyRuns.id, run.id), eq(journeyRuns.clientId, clientId), eq(journeyRuns.nextPosition, run.nextPosition)))
        .returning({ id: journeyRuns.id });
      if (!moved.length) throw new ApiError('conflict', 'This step is already answered');
      await tx.insert(journeyAnswers).values({ id: randomId('ja', 16), clientId, customerId, runId: run.id, stepId: step.id, value });
      if (step.type === 'REWARD') {
        grantId = await grantReward(tx, {
          clientId,
          customerId,
          rewardId: String(step.config.rewardId),
          unitId,
          productId: unit.product.id,
          runId: run.id,
        });
      }
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError('conflict', 'This step is already answered');
    throw err;
  }
  const unit = await findMyUnit(db, clientId, customerId, unitId);
  const journey = shapeJourney(unit, await loadJourney(db, clientId, customerId, unit));
  const [grant] = grantId ? await findGrants(db, clientId, customerId, grantId) : [];
  return { journey, grant: grant ?? null };
}
