import Link from 'next/link';
import { ModuleScreen } from '@/components/pages/module-screen.server';
import { ProductCard } from '@/components/products/product-card';
import { LoadProblem } from '@/components/products/load-problem';
import { load } from '@/components/products/load.server';
import { callRoute } from '@/lib/server/call-route';
import { myProductsRoute } from '@/lib/server/routes';
import { readBrand } from '@/lib/server/tenant';
import { pageLanguage } from '@/lib/server/i18n';
import { MyDisputes } from '@/components/disputes/my-disputes.server';

// /my-products — the customer's claimed units, newest first (GET /api/customer/my-products), and
// their disputed claims when they have any (GET /api/disputes).
export default async function MyProductsPage() {
  const [loaded, brand, i18n] = await Promise.all([load(callRoute(myProductsRoute)), readBrand(), pageLanguage()]);
  const { t } = i18n;
  const showWarranty = brand.ok && brand.brand.isWarrantyEnabled;
  return (
    <ModuleScreen title={t('module.myProducts')} intro={t('products.intro')}>
      {!loaded.ok ? (
        <LoadProblem status={loaded.status} message={loaded.message} error={loaded.error} i18n={i18n} back={{ href: '/', label: t('module.backHome') }} />
      ) : loaded.data.products.length === 0 ? (
        <div className="rounded-lg border border-gray-300 bg-white p-4" data-testid="no-products">
          <p className="font-semibold text-gray-900">{t('products.none')}</p>
          <p className="mt-2 text-gray-800">{t('products.noneText')}</p>
          <p className="mt-4">
            <Link className="font-medium text-brand-primary underline" href="/qr-scan">
              {t('module.scan')}
            </Link>
          </p>
        </div>
      ) : (
        <ul className="space-y-3" aria-label={t('products.yours')}>
          {loaded.data.products.map((p) => (
            <ProductCard key={p.unitId} product={p} showWarranty={showWarranty} i18n={i18n} />
          ))}
        </ul>
      )}
      <MyDisputes />
    </ModuleScreen>
  );
}
