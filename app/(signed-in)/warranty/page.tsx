import { ModuleScreen } from '@/components/pages/module-screen.server';
import { unitIdOf } from '@/components/products/unit-param';
import { WarrantyScreen } from '@/components/warranty/warranty-screen.deferred';
import { pageLanguage } from '@/lib/server/i18n';

// /warranty[?unitId=] — register the warranty of a claimed product, with its invoice, and see how long it lasts.
export default async function WarrantyPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [params, { t }] = await Promise.all([searchParams, pageLanguage()]);
  const unitId = unitIdOf(params.unitId);
  return (
    <ModuleScreen title={t('module.warranty')} flag="isWarrantyEnabled" intro={t('warranty.intro')}>
      <WarrantyScreen unitId={unitId} />
    </ModuleScreen>
  );
}
