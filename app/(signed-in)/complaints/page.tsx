import Link from 'next/link';
import { ModuleScreen } from '@/components/pages/module-screen';

// /complaints
export default function ComplaintsPage() {
  return (
    <ModuleScreen title="Complaints" flag="isComplaintManagementEnabled" intro="The complaints you raised, with their status: unassigned, open, in progress or closed.">
      <ul className="space-y-2">
        <li><Link className="underline" href="/raise-complaint">Raise a complaint</Link></li>
      </ul>
    </ModuleScreen>
  );
}
