import Link from 'next/link';
import { ModuleScreen } from '@/components/pages/module-screen.server';
import { LoadProblem } from '@/components/products/load-problem';
import { load } from '@/components/products/load.server';
import { callRoute } from '@/lib/server/call-route';
import { myProductRoute } from '@/lib/server/routes';
import { Section } from '@/components/products/section';
import { expiryText, warrantyText } from '@/components/products/format';
import { pageLanguage } from '@/lib/server/i18n';
import { unitIdOf } from '@/components/products/unit-param';
import { JourneyPanel } from '@/components/journey/journey-panel.deferred';
import { readBrand } from '@/lib/server/tenant';

const link = 'font-medium text-brand-primary underline';

// /my-product-details?unitId= — one claimed unit: details, expiry, warranty, tracking and its scan journey.
export default async function MyProductDetailsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [params, i18n] = await Promise.all([searchParams, pageLanguage()]);
  const { t, f } = i18n;
  const unitId = unitIdOf(params.unitId);
  const back = { href: '/my-products', label: t('products.back') };
  if (!unitId) {
    return (
      <ModuleScreen title={t('lookup.offeredDetails')} intro={t('products.detailsOpen')}>
        <Link className={link} href="/my-products">{t('module.myProducts')}</Link>
      </ModuleScreen>
    );
  }
  const [loaded, brandResult] = await Promise.all([load(callRoute(myProductRoute, { params: { unitId } })), readBrand()]);
  const brand = brandResult.ok ? brandResult.brand : undefined;
  if (!loaded.ok) {
    return (
      <ModuleScreen title={t('lookup.offeredDetails')} intro={null}>
        <LoadProblem status={loaded.status} message={loaded.message} error={loaded.error} i18n={i18n} back={back} />
      </ModuleScreen>
    );
  }
  const p = loaded.data;
  const q = `?unitId=${encodeURIComponent(unitId)}`;
  return (
    <ModuleScreen title={p.product.name} intro={p.product.description || null}>
      {p.journey.available && <JourneyPanel unitId={unitId} rewardsOn={brand?.isLoyalityProgramEnabled ?? false} />}
      <Section title={t('products.details')} testId="unit-details">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-gray-800">
          <dt className="font-medium">{t('products.batch')}</dt>
          <dd>{p.batch.batchNumber}</dd>
          <dt className="font-medium">{t('batch.manufactured')}</dt>
          <dd>{f.day(p.batch.mfgDate)}</dd>
          <dt className="font-medium">{t('products.claimed')}</dt>
          <dd>{f.day(p.claimedAt.slice(0, 10))}</dd>
          {p.product.attributes.map((a) => (
            <div key={a.name} className="contents">
              <dt className="font-medium">{a.name}</dt>
              <dd>{a.value}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section title={t('products.expiry')}>
        <p className={p.expiry.isExpired ? 'font-semibold text-red-800' : 'text-gray-800'}>{expiryText(i18n, p.expiry)}</p>
        <p className="mt-2"><Link className={link} href={`/my-product-expiry-check${q}`}>{t('lookup.checkExpiry')}</Link></p>
      </Section>
      {brand?.isWarrantyEnabled && (
        <Section title={t('product.warranty')} testId="unit-warranty">
          <p className="text-gray-800">
            {warrantyText(i18n, p.warranty)}
            {p.product.warrantyMonths > 0 && ` · ${t('products.monthsFromPurchase', { count: p.product.warrantyMonths })}`}
          </p>
          <p className="mt-2">
            <Link className={link} href={`/warranty${q}`}>{p.warranty ? t('products.seeWarranty') : t('verdict.registerWarranty')}</Link>
          </p>
        </Section>
      )}
      {p.tracking.enabled && (
        <Section title={t('lookup.offeredTracking')}>
          <p className="text-gray-800">{t(p.tracking.events.length === 1 ? 'products.eventsOne' : 'products.events', { count: p.tracking.events.length })}</p>
          <p className="mt-2"><Link className={link} href={`/my-product-tracking${q}`}>{t('products.seeTracking')}</Link></p>
        </Section>
      )}
      <p><Link className={link} href="/my-products">{t('products.back')}</Link></p>
    </ModuleScreen>
  );
}
