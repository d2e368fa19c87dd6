import Link from 'next/link';
import { ModuleScreen } from '@/components/pages/module-screen.server';
import { LoadProblem } from '@/components/products/load-problem';
import { load } from '@/components/products/load.server';
import { callRoute } from '@/lib/server/call-route';
import { myProductRoute } from '@/lib/server/routes';
import { TrackingEvents } from '@/components/products/tracking-events';
import { unitIdOf } from '@/components/products/unit-param';
import { pageLanguage } from '@/lib/server/i18n';

const link = 'font-medium text-brand-primary underline';

// /my-product-tracking?unitId= — where a claimed unit travelled, from its tracking events.
export default async function MyProductTrackingPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [params, i18n] = await Promise.all([searchParams, pageLanguage()]);
  const { t } = i18n;
  const unitId = unitIdOf(params.unitId);
  if (!unitId) {
    return (
      <ModuleScreen title={t('products.trackingTitle')} flag="isTrackingEnabled" intro={t('products.trackingOpen')}>
        <Link className={link} href="/my-products">{t('module.myProducts')}</Link>
      </ModuleScreen>
    );
  }
  const loaded = await load(callRoute(myProductRoute, { params: { unitId } }));
  return (
    <ModuleScreen title={t('products.trackingTitle')} flag="isTrackingEnabled" intro={loaded.ok ? loaded.data.product.name : t('products.trackingIntro')}>
      {loaded.ok ? (
        <TrackingEvents events={loaded.data.tracking.events} i18n={i18n} />
      ) : (
        <LoadProblem status={loaded.status} message={loaded.message} error={loaded.error} i18n={i18n} back={{ href: '/my-products', label: t('products.back') }} />
      )}
      <p className="mt-4"><Link className={link} href={`/my-product-details?unitId=${encodeURIComponent(unitId)}`}>{t('products.backToProduct')}</Link></p>
    </ModuleScreen>
  );
}
