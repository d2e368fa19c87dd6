import Link from 'next/link';
import { ModuleScreen } from '@/components/pages/module-screen.server';
import { RaiseComplaintForm } from '@/components/complaints/raise-complaint-form.deferred';
import { unitIdOf } from '@/components/products/unit-param';
import { pageLanguage } from '@/lib/server/i18n';

// /raise-complaint[?unitId=] — describe a problem, attach files; the brand's support team answers.
export default async function RaiseComplaintPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [params, { t }] = await Promise.all([searchParams, pageLanguage()]);
  const unitId = unitIdOf(params.unitId);
  return (
    <ModuleScreen title={t('complaints.raise')} flag="isComplaintManagementEnabled" intro={t('complaints.raiseIntro')}>
      <RaiseComplaintForm unitId={unitId} />
      <p className="mt-6"><Link className="font-medium text-brand-primary underline" href="/complaints">{t('complaints.mine')}</Link></p>
    </ModuleScreen>
  );
}
