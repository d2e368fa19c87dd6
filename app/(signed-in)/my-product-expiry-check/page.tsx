import Link from 'next/link';
import { ModuleScreen } from '@/components/pages/module-screen.server';
import { LoadProblem } from '@/components/products/load-problem';
import { load } from '@/components/products/load.server';
import { callRoute } from '@/lib/server/call-route';
import { myProductRoute } from '@/lib/server/routes';
import { Section } from '@/components/products/section';
import { day, expiryText } from '@/components/products/format';
import { unitIdOf } from '@/components/products/unit-param';

const link = 'font-medium text-brand-primary underline';

// /my-product-expiry-check?unitId= — whether a claimed unit is still within its expiry date.
export default async function MyProductExpiryCheckPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const unitId = unitIdOf((await searchParams).unitId);
  if (!unitId) {
    return (
      <ModuleScreen title="Expiry check" intro="Open a product from My products to check its expiry.">
        <Link className={link} href="/my-products">My products</Link>
      </ModuleScreen>
    );
  }
  const loaded = await load(callRoute(myProductRoute, { params: { unitId } }));
  if (!loaded.ok) {
    return (
      <ModuleScreen title="Expiry check" intro={null}>
        <LoadProblem status={loaded.status} message={loaded.message} back={{ href: '/my-products', label: 'Back to my products' }} />
      </ModuleScreen>
    );
  }
  const p = loaded.data;
  const expired = p.expiry.isExpired;
  return (
    <ModuleScreen title="Expiry check" intro={p.product.name}>
      <Section title={expired ? 'Expired' : p.expiry.daysLeft === null ? 'No expiry date' : 'Within its expiry date'} testId="expiry">
        <p className={expired ? 'font-semibold text-red-800' : 'text-gray-800'}>{expiryText(p.expiry)}</p>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-gray-800">
          <dt className="font-medium">Batch</dt>
          <dd>{p.batch.batchNumber}</dd>
          <dt className="font-medium">Manufactured</dt>
          <dd>{day(p.batch.mfgDate)}</dd>
          <dt className="font-medium">Expiry date</dt>
          <dd>{day(p.expiry.expiryDate)}</dd>
        </dl>
        {expired && <p className="mt-2 text-gray-800">Do not use a product after its expiry date.</p>}
      </Section>
      <p><Link className={link} href={`/my-product-details?unitId=${encodeURIComponent(unitId)}`}>Back to the product</Link></p>
    </ModuleScreen>
  );
}
