import { ModuleScreen } from '@/components/pages/module-screen.server';
import { FeedbackForm } from '@/components/feedback/feedback-form';
import { unitIdOf } from '@/components/products/unit-param';

// /feedback[?unitId=] — a rating and a comment for the brand.
export default async function FeedbackPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const unitId = unitIdOf((await searchParams).unitId);
  return (
    <ModuleScreen title="Feedback" intro="Tell the brand what you think of its products and of this app.">
      <FeedbackForm unitId={unitId} />
    </ModuleScreen>
  );
}
