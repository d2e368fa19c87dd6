import Link from 'next/link';
import { ModuleScreen } from '@/components/pages/module-screen.server';
import { LoadProblem } from '@/components/products/load-problem';
import { load } from '@/components/products/load.server';
import { callRoute } from '@/lib/server/call-route';
import { myProductRoute } from '@/lib/server/routes';
import { TrackingEvents } from '@/components/products/tracking-events';
import { unitIdOf } from '@/components/products/unit-param';

const link = 'font-medium text-brand-primary underline';

// /my-product-tracking?unitId= — where a claimed unit travelled, from its tracking events.
export default async function MyProductTrackingPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const unitId = unitIdOf((await searchParams).unitId);
  const intro = 'Where a product you claimed has travelled from the factory to the shop.';
  if (!unitId) {
    return (
      <ModuleScreen title="Product tracking" flag="isTrackingEnabled" intro={`${intro} Open it from My products.`}>
        <Link className={link} href="/my-products">My products</Link>
      </ModuleScreen>
    );
  }
  const loaded = await load(callRoute(myProductRoute, { params: { unitId } }));
  return (
    <ModuleScreen title="Product tracking" flag="isTrackingEnabled" intro={loaded.ok ? loaded.data.product.name : intro}>
      {loaded.ok ? (
        <TrackingEvents events={loaded.data.tracking.events} />
      ) : (
        <LoadProblem status={loaded.status} message={loaded.message} back={{ href: '/my-products', label: 'Back to my products' }} />
      )}
      <p className="mt-4"><Link className={link} href={`/my-product-details?unitId=${encodeURIComponent(unitId)}`}>Back to the product</Link></p>
    </ModuleScreen>
  );
}
