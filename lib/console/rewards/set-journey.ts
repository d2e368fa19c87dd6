import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { journeys, journeySteps, products, rewards } from '@/lib/db/schema';
import { ApiError, fieldError } from '@/lib/errors';
import { randomId } from '@/lib/ids';
import type { JourneyStepDef } from '@/lib/schemas/journeys';
import { recordAudit } from '../audit';
import type { ConsoleScope } from '../scope';

/**
 * Replaces the product's journey. Progress on the old steps restarts; rewards already granted
 * stay granted, and a unit still earns a reward at most once.
 */
export async function setJourney(scope: ConsoleScope, productId: string, def: { steps: JourneyStepDef[] }) {
  const db = await getDb();
  const [product] = await db.select({ id: products.id }).from(products).where(and(eq(products.id, productId), eq(products.clientId, scope.clientId)));
  if (!product) throw new ApiError('not_found', `No product ${productId} at this brand`);
  const rewardIds = def.steps.flatMap((s) => (s.type === 'REWARD' ? [s.config.rewardId] : []));
  if (rewardIds.length) {
    const found = await db.select({ id: rewards.id }).from(rewards).where(and(eq(rewards.clientId, scope.clientId), inArray(rewards.id, rewardIds)));
    const missing = rewardIds.filter((id) => !found.some((f) => f.id === id));
    if (missing.length) throw fieldError('unprocessable', 'config.steps', `no reward ${missing.join(', ')} at this brand`);
  }
  return db.transaction(async (tx) => {
    const [old] = await tx.select().from(journeys).where(and(eq(journeys.clientId, scope.clientId), eq(journeys.productId, product.id)));
    const before = old
      ? (await tx.select().from(journeySteps).where(and(eq(journeySteps.clientId, scope.clientId), eq(journeySteps.journeyId, old.id))).orderBy(asc(journeySteps.position))).map((s) => ({
          type: s.type,
          title: s.title,
          config: s.config,
        }))
      : null;
    await tx.delete(journeys).where(and(eq(journeys.clientId, scope.clientId), eq(journeys.productId, product.id)));
    const journeyId = randomId('jn', 16);
    await tx.insert(journeys).values({ id: journeyId, clientId: scope.clientId, productId: product.id });
    await tx.insert(journeySteps).values(
      def.steps.map((s, position) => ({ id: randomId('js', 16), clientId: scope.clientId, journeyId, position, type: s.type, title: s.title, config: s.config })),
    );
    await recordAudit(tx, scope, { action: 'journey.set', target: product.id, before: before && { steps: before }, after: { steps: def.steps } });
    return { journeyId, productId: product.id, steps: def.steps.map((s) => `${s.type}: ${s.title}`) };
  });
}
