import Link from 'next/link';
import { ModuleScreen } from '@/components/pages/module-screen';

// /raise-complaint
export default function RaiseComplaintPage() {
  return (
    <ModuleScreen title="Raise a complaint" flag="isComplaintManagementEnabled" intro="Describe a problem with a product, attach photos, a video or a PDF, and the brand's support team will answer.">
      <ul className="space-y-2">
        <li><Link className="underline" href="/complaints">My complaints</Link></li>
      </ul>
    </ModuleScreen>
  );
}
