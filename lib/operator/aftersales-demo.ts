import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { clients, products } from '@/lib/db/schema';
import { createReward, createRewardArgs, setJourney, setJourneyArgs } from './aftersales';

// Demo seed (runs after the demo catalogue): a ₹25 cashback and a scan journey on the demo
// serum — a thank-you message, where it was bought, the invoice number, then the cashback.

export const DEMO_JOURNEY_PRODUCT = 'Demo Face Serum 30 ml';

export async function seedDemoAfterSales(clientId: string) {
  const db = await getDb();
  const [brand] = await db.select({ slug: clients.slug }).from(clients).where(eq(clients.id, clientId));
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.clientId, clientId), eq(products.name, DEMO_JOURNEY_PRODUCT)));
  if (!brand || !product) return; // no demo catalogue to attach a journey to
  const reward = await createReward(
    createRewardArgs.parse({ slug: brand.slug, name: 'Genuine scan cashback', description: '₹25 to your UPI id for registering a genuine purchase.', type: 'Cashback', amount: 25, budget: 25000, perCustomer: 3 }),
  );
  await setJourney(
    setJourneyArgs.parse({
      slug: brand.slug,
      product: product.id,
      config: {
        steps: [
          { type: 'INFO', title: 'Thank you for buying genuine', config: { body: 'Your serum is genuine. Three quick steps earn you a cashback.' } },
          { type: 'DECISION', title: 'Where did you buy it?', config: { question: 'Where did you buy this product?', options: ['Shop', 'Online', 'Pharmacy'] } },
          { type: 'INPUT', title: 'Invoice number', config: { label: 'Invoice number', placeholder: 'e.g. INV-1001', maxLength: 40 } },
          { type: 'REWARD', title: 'Your cashback', config: { rewardId: reward.rewardId } },
        ],
      },
    }),
  );
}
