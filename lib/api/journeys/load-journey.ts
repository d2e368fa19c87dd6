import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { journeyAnswers, journeyRuns, journeys, journeySteps, rewards } from '@/lib/db/schema';
import { notFound } from '@/lib/errors';
import type { DbOrTx } from '../aftersales/db';
import type { MyUnit } from '../aftersales/find-my-unit';
import { amountText } from '../rewards/find-grants';
import { z } from 'zod';
import type { journeyResponseSchema, journeyStepSchema } from '@/lib/schemas/journeys';

// A unit's journey (the steps of its product's journey) with this customer's progress.

type StepRow = typeof journeySteps.$inferSelect;
type Answer = { choice?: string; value?: string };

export async function loadJourney(db: DbOrTx, clientId: string, customerId: string, unit: MyUnit) {
  const [journey] = await db
    .select()
    .from(journeys)
    .where(and(eq(journeys.clientId, clientId), eq(journeys.productId, unit.product.id)));
  if (!journey) throw notFound('Journey');
  const steps = await db
    .select()
    .from(journeySteps)
    .where(and(eq(journeySteps.clientId, clientId), eq(journeySteps.journeyId, journey.id)))
    .orderBy(asc(journeySteps.position));
  const [run] = await db
    .select()
    .from(journeyRuns)
    .where(and(eq(journeyRuns.clientId, clientId), eq(journeyRuns.customerId, customerId), eq(journeyRuns.journeyId, journey.id), eq(journeyRuns.unitId, unit.unitId)));
  const answers = run
    ? await db
        .select()
        .from(journeyAnswers)
        .where(and(eq(journeyAnswers.clientId, clientId), eq(journeyAnswers.customerId, customerId), eq(journeyAnswers.runId, run.id)))
    : [];
  const rewardIds = steps.filter((s) => s.type === 'REWARD').map((s) => String(s.config.rewardId));
  const rewardRows = rewardIds.length
    ? await db.select().from(rewards).where(and(eq(rewards.clientId, clientId), inArray(rewards.id, rewardIds)))
    : [];
  return { journey, steps, run, answers, rewards: new Map(rewardRows.map((r) => [r.id, r])) };
}

export type LoadedJourney = Awaited<ReturnType<typeof loadJourney>>;

function publicStep(s: StepRow, loaded: LoadedJourney, answer: Answer | undefined, done: boolean): z.infer<typeof journeyStepSchema> {
  const base = { stepId: s.id, position: s.position, type: s.type, title: s.title, done, answer: answer ?? null };
  const c = s.config as Record<string, unknown>;
  switch (s.type) {
    case 'INFO':
      return { ...base, body: String(c.body ?? '') };
    case 'DECISION':
      return { ...base, question: String(c.question ?? ''), options: (c.options as string[]) ?? [] };
    case 'INPUT':
      return { ...base, label: String(c.label ?? ''), placeholder: String(c.placeholder ?? ''), maxLength: Number(c.maxLength ?? 100) };
    case 'REWARD': {
      const r = loaded.rewards.get(String(c.rewardId));
      return {
        ...base,
        ...(r
          ? {
              reward: {
                rewardId: r.id,
                name: r.name,
                description: r.description,
                type: r.type,
                amount: r.amount,
                amountText: r.amount === null ? null : amountText(r.amount),
              },
            }
          : {}),
      };
    }
  }
}

export function shapeJourney(unit: MyUnit, loaded: LoadedJourney): z.infer<typeof journeyResponseSchema> {
  const byStep = new Map(loaded.answers.map((a) => [a.stepId, a.value as Answer]));
  const next = loaded.run ? loaded.run.nextPosition : 0;
  const steps = loaded.steps.map((s) => publicStep(s, loaded, byStep.get(s.id), s.position < next));
  const nextStep = loaded.steps.find((s) => s.position >= next);
  return { unitId: unit.unitId, productName: unit.product.name, steps, nextStepId: nextStep?.id ?? null, completed: !nextStep };
}
