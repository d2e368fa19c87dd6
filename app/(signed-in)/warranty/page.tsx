import { ModuleScreen } from '@/components/pages/module-screen.server';
import { unitIdOf } from '@/components/products/unit-param';
import { WarrantyScreen } from '@/components/warranty/warranty-screen.deferred';

// /warranty[?unitId=] — register the warranty of a claimed product, with its invoice, and see how long it lasts.
export default async function WarrantyPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const unitId = unitIdOf((await searchParams).unitId);
  return (
    <ModuleScreen title="Warranty" flag="isWarrantyEnabled" intro="Register the warranty of a product you claimed, with its invoice, and see how long it lasts.">
      <WarrantyScreen unitId={unitId} />
    </ModuleScreen>
  );
}
