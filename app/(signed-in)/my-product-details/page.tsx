import Link from 'next/link';
import { ModuleScreen } from '@/components/pages/module-screen.server';
import { LoadProblem } from '@/components/products/load-problem';
import { load } from '@/components/products/load.server';
import { callRoute } from '@/lib/server/call-route';
import { myProductRoute } from '@/lib/server/routes';
import { Section } from '@/components/products/section';
import { day, expiryText, warrantyText } from '@/components/products/format';
import { unitIdOf } from '@/components/products/unit-param';
import { JourneyPanel } from '@/components/journey/journey-panel.deferred';
import { readBrand } from '@/lib/server/tenant';

const link = 'font-medium text-brand-primary underline';

// /my-product-details?unitId= — one claimed unit: details, expiry, warranty, tracking and its scan journey.
export default async function MyProductDetailsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const unitId = unitIdOf((await searchParams).unitId);
  const back = { href: '/my-products', label: 'Back to my products' };
  if (!unitId) {
    return (
      <ModuleScreen title="Product details" intro="Open a product from My products to see its details.">
        <Link className={link} href="/my-products">My products</Link>
      </ModuleScreen>
    );
  }
  const [loaded, brandResult] = await Promise.all([load(callRoute(myProductRoute, { params: { unitId } })), readBrand()]);
  const brand = brandResult.ok ? brandResult.brand : undefined;
  if (!loaded.ok) {
    return (
      <ModuleScreen title="Product details" intro={null}>
        <LoadProblem status={loaded.status} message={loaded.message} back={back} />
      </ModuleScreen>
    );
  }
  const p = loaded.data;
  const q = `?unitId=${encodeURIComponent(unitId)}`;
  return (
    <ModuleScreen title={p.product.name} intro={p.product.description || null}>
      {p.journey.available && <JourneyPanel unitId={unitId} rewardsOn={brand?.isLoyalityProgramEnabled ?? false} />}
      <Section title="Details" testId="unit-details">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-gray-800">
          <dt className="font-medium">Batch</dt>
          <dd>{p.batch.batchNumber}</dd>
          <dt className="font-medium">Manufactured</dt>
          <dd>{day(p.batch.mfgDate)}</dd>
          <dt className="font-medium">Claimed</dt>
          <dd>{day(p.claimedAt.slice(0, 10))}</dd>
          {p.product.attributes.map((a) => (
            <div key={a.name} className="contents">
              <dt className="font-medium">{a.name}</dt>
              <dd>{a.value}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section title="Expiry">
        <p className={p.expiry.isExpired ? 'font-semibold text-red-800' : 'text-gray-800'}>{expiryText(p.expiry)}</p>
        <p className="mt-2"><Link className={link} href={`/my-product-expiry-check${q}`}>Check expiry</Link></p>
      </Section>
      {brand?.isWarrantyEnabled && (
        <Section title="Warranty" testId="unit-warranty">
          <p className="text-gray-800">
            {warrantyText(p.warranty)}
            {p.product.warrantyMonths > 0 && ` · ${p.product.warrantyMonths} months from purchase`}
          </p>
          <p className="mt-2">
            <Link className={link} href={`/warranty${q}`}>{p.warranty ? 'See the warranty' : 'Register the warranty'}</Link>
          </p>
        </Section>
      )}
      {p.tracking.enabled && (
        <Section title="Tracking">
          <p className="text-gray-800">{p.tracking.events.length} tracking event{p.tracking.events.length === 1 ? '' : 's'} recorded.</p>
          <p className="mt-2"><Link className={link} href={`/my-product-tracking${q}`}>See where it has been</Link></p>
        </Section>
      )}
      <p><Link className={link} href="/my-products">Back to my products</Link></p>
    </ModuleScreen>
  );
}
