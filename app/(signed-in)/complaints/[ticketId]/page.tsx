import Link from 'next/link';
import { ModuleScreen } from '@/components/pages/module-screen';

// /complaints/[ticketId] — one ticket and its message thread.
export default async function ComplaintPage({ params }: { params: Promise<{ ticketId: string }> }) {
  const { ticketId } = await params;
  return (
    <ModuleScreen
      title={`Complaint ${decodeURIComponent(ticketId).slice(0, 40)}`}
      flag="isComplaintManagementEnabled"
      intro="The status of this complaint and the messages between you and the brand's support team."
    >
      <Link className="underline" href="/complaints">All complaints</Link>
    </ModuleScreen>
  );
}
