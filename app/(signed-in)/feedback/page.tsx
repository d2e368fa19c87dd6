import { ModuleScreen } from '@/components/pages/module-screen';

// /feedback
export default function FeedbackPage() {
  return <ModuleScreen title="Feedback" intro="Tell the brand what you think of its products and of this app." />;
}
