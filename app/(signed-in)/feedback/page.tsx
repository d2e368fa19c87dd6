import { ModuleScreen } from '@/components/pages/module-screen.server';
import { FeedbackForm } from '@/components/feedback/feedback-form';
import { unitIdOf } from '@/components/products/unit-param';
import { pageLanguage } from '@/lib/server/i18n';

// /feedback[?unitId=] — a rating and a comment for the brand.
export default async function FeedbackPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [params, { t }] = await Promise.all([searchParams, pageLanguage()]);
  const unitId = unitIdOf(params.unitId);
  return (
    <ModuleScreen title={t('module.feedback')} intro={t('feedback.intro')}>
      <FeedbackForm unitId={unitId} />
    </ModuleScreen>
  );
}
