import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { journeys, journeySteps, products } from '@/lib/db/schema';
import type { JourneySummary } from '@/lib/schemas/console-money';
import type { JourneyStepDef } from '@/lib/schemas/journeys';
import type { ConsoleScope } from '../scope';

/** Every product of the brand with its journey's steps (none when it has no journey). */
export async function listJourneys(scope: ConsoleScope): Promise<JourneySummary[]> {
  const db = await getDb();
  const prods = await db.select({ id: products.id, name: products.name }).from(products).where(eq(products.clientId, scope.clientId)).orderBy(asc(products.name), asc(products.id));
  const js = await db.select().from(journeys).where(eq(journeys.clientId, scope.clientId));
  const steps = js.length
    ? await db
        .select()
        .from(journeySteps)
        .where(and(eq(journeySteps.clientId, scope.clientId), inArray(journeySteps.journeyId, js.map((j) => j.id))))
        .orderBy(asc(journeySteps.position))
    : [];
  return prods.map((p) => {
    const j = js.find((x) => x.productId === p.id);
    return {
      productId: p.id,
      productName: p.name,
      journeyId: j?.id ?? null,
      steps: j ? steps.filter((s) => s.journeyId === j.id).map((s) => ({ type: s.type, title: s.title, config: s.config }) as JourneyStepDef) : [],
    };
  });
}
