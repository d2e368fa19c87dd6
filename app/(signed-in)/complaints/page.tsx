import Link from 'next/link';
import { ModuleScreen } from '@/components/pages/module-screen.server';
import { LoadProblem } from '@/components/products/load-problem';
import { load } from '@/components/products/load.server';
import { callRoute } from '@/lib/server/call-route';
import { complaintsRoute } from '@/lib/server/routes';
import { moment } from '@/components/products/format';
import { ComplaintStatusBadge } from '@/components/complaints/status-badge';

const link = 'font-medium text-brand-primary underline';

// /complaints — the customer's tickets, newest first, with their status (GET /api/customer/complaints).
export default async function ComplaintsPage() {
  const loaded = await load(callRoute(complaintsRoute));
  return (
    <ModuleScreen title="Complaints" flag="isComplaintManagementEnabled" intro="The complaints you raised and their status.">
      <p className="mb-4">
        <Link className="inline-flex min-h-11 items-center rounded-lg bg-brand-primary px-4 font-semibold text-brand-text" href="/raise-complaint">
          Raise a complaint
        </Link>
      </p>
      {!loaded.ok ? (
        <LoadProblem status={loaded.status} message={loaded.message} back={{ href: '/', label: 'Back to the home screen' }} />
      ) : loaded.data.complaints.length === 0 ? (
        <p className="rounded-lg border border-gray-300 bg-white p-4 text-gray-800" data-testid="no-complaints">You have not raised a complaint.</p>
      ) : (
        <ul className="space-y-3" aria-label="Your complaints">
          {loaded.data.complaints.map((c) => (
            <li key={c.ticketId} className="rounded-lg border border-gray-300 bg-white p-4 shadow-sm" data-testid="complaint">
              <div className="flex items-start justify-between gap-2">
                <h2 className="text-lg font-semibold">
                  <Link className={link} href={`/complaints/${encodeURIComponent(c.ticketId)}`}>{c.ticketId}</Link>
                </h2>
                <ComplaintStatusBadge status={c.status} color={c.statusColor} />
              </div>
              <p className="text-gray-900">{c.category} · {c.priority} priority</p>
              {c.productName && <p className="text-sm text-gray-800">{c.productName}</p>}
              <p className="text-sm text-gray-700">Updated {moment(c.updatedAt)}</p>
            </li>
          ))}
        </ul>
      )}
    </ModuleScreen>
  );
}
