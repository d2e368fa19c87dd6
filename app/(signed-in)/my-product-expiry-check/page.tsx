import Link from 'next/link';
import { ModuleScreen } from '@/components/pages/module-screen.server';
import { LoadProblem } from '@/components/products/load-problem';
import { load } from '@/components/products/load.server';
import { callRoute } from '@/lib/server/call-route';
import { myProductRoute } from '@/lib/server/routes';
import { Section } from '@/components/products/section';
import { expiryText } from '@/components/products/format';
import { pageLanguage } from '@/lib/server/i18n';
import { unitIdOf } from '@/components/products/unit-param';

const link = 'font-medium text-brand-primary underline';

// /my-product-expiry-check?unitId= — whether a claimed unit is still within its expiry date.
export default async function MyProductExpiryCheckPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [params, i18n] = await Promise.all([searchParams, pageLanguage()]);
  const { t, f } = i18n;
  const unitId = unitIdOf(params.unitId);
  if (!unitId) {
    return (
      <ModuleScreen title={t('lookup.offeredExpiry')} intro={t('products.expiryOpen')}>
        <Link className={link} href="/my-products">{t('module.myProducts')}</Link>
      </ModuleScreen>
    );
  }
  const loaded = await load(callRoute(myProductRoute, { params: { unitId } }));
  if (!loaded.ok) {
    return (
      <ModuleScreen title={t('lookup.offeredExpiry')} intro={null}>
        <LoadProblem status={loaded.status} message={loaded.message} error={loaded.error} i18n={i18n} back={{ href: '/my-products', label: t('products.back') }} />
      </ModuleScreen>
    );
  }
  const p = loaded.data;
  const expired = p.expiry.isExpired;
  return (
    <ModuleScreen title={t('lookup.offeredExpiry')} intro={p.product.name}>
      <Section title={expired ? t('label.expired') : p.expiry.daysLeft === null ? t('lookup.noExpiry') : t('products.withinExpiry')} testId="expiry">
        <p className={expired ? 'font-semibold text-red-800' : 'text-gray-800'}>{expiryText(i18n, p.expiry)}</p>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-gray-800">
          <dt className="font-medium">{t('products.batch')}</dt>
          <dd>{p.batch.batchNumber}</dd>
          <dt className="font-medium">{t('batch.manufactured')}</dt>
          <dd>{f.day(p.batch.mfgDate)}</dd>
          <dt className="font-medium">{t('batch.expiry')}</dt>
          <dd>{f.day(p.expiry.expiryDate)}</dd>
        </dl>
        {expired && <p className="mt-2 text-gray-800">{t('products.doNotUse')}</p>}
      </Section>
      <p><Link className={link} href={`/my-product-details?unitId=${encodeURIComponent(unitId)}`}>{t('products.backToProduct')}</Link></p>
    </ModuleScreen>
  );
}
