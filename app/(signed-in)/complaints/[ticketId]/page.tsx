import Link from 'next/link';
import { ModuleScreen } from '@/components/pages/module-screen.server';
import { LoadProblem } from '@/components/products/load-problem';
import { load } from '@/components/products/load.server';
import { callRoute } from '@/lib/server/call-route';
import { complaintRoute } from '@/lib/server/routes';
import { moment } from '@/components/products/format';
import { ComplaintStatusBadge } from '@/components/complaints/status-badge';
import { ReplyForm } from '@/components/complaints/reply-form';
import { FileLink } from '@/components/files/file-link';

const link = 'font-medium text-brand-primary underline';

// /complaints/[ticketId] — one ticket: status, description, attachments, the thread and a reply form.
export default async function ComplaintPage({ params }: { params: Promise<{ ticketId: string }> }) {
  const ticketId = decodeURIComponent((await params).ticketId).slice(0, 32);
  const loaded = await load(callRoute(complaintRoute, { params: { ticketId } }));
  const back = { href: '/complaints', label: 'All complaints' };
  if (!loaded.ok) {
    return (
      <ModuleScreen title={`Complaint ${ticketId}`} flag="isComplaintManagementEnabled" intro={null}>
        <LoadProblem status={loaded.status} message={loaded.message} back={back} />
      </ModuleScreen>
    );
  }
  const c = loaded.data;
  return (
    <ModuleScreen title={`Complaint ${c.ticketId}`} flag="isComplaintManagementEnabled" intro={null}>
      <section className="mb-4 rounded-lg border border-gray-300 bg-white p-4" aria-label="Complaint">
        <p className="mb-2 flex flex-wrap items-center gap-2">
          <span className="text-gray-800">Status</span>
          <ComplaintStatusBadge status={c.status} color={c.statusColor} />
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-gray-800">
          <dt className="font-medium">Category</dt>
          <dd>{c.category}</dd>
          <dt className="font-medium">Priority</dt>
          <dd>{c.priority}</dd>
          {c.productName && (
            <>
              <dt className="font-medium">Product</dt>
              <dd>{c.productName}</dd>
            </>
          )}
          <dt className="font-medium">Raised</dt>
          <dd>{moment(c.createdAt)}</dd>
        </dl>
        <p className="mt-3 whitespace-pre-line text-gray-900">{c.description}</p>
        {c.attachments.length > 0 && (
          <>
            <h2 className="mt-3 font-semibold text-gray-900">Attachments</h2>
            <ul aria-label="Attachments">
              {c.attachments.map((f) => <li key={f.fileId}><FileLink file={f} /></li>)}
            </ul>
          </>
        )}
      </section>
      <h2 className="mb-2 text-lg font-semibold text-gray-900">Messages</h2>
      {c.messages.length === 0 ? (
        <p className="text-gray-800">No messages yet. The support team will answer here.</p>
      ) : (
        <ol className="space-y-2" aria-label="Messages" data-testid="thread">
          {c.messages.map((m) => (
            <li
              key={m.messageId}
              data-author={m.author}
              className={`max-w-[90%] rounded-lg border p-3 ${m.author === 'customer' ? 'ml-auto border-brand-primary bg-white' : 'mr-auto border-gray-300 bg-gray-50'}`}
            >
              <p className="text-sm font-semibold text-gray-900">{m.author === 'customer' ? 'You' : m.authorName ? `${m.authorName} (support)` : 'Support team'}</p>
              <p className="whitespace-pre-line text-gray-900">{m.body}</p>
              <p className="mt-1 text-xs text-gray-700">{moment(m.at)}</p>
            </li>
          ))}
        </ol>
      )}
      <ReplyForm ticketId={c.ticketId} closed={c.status === 'closed'} />
      <p className="mt-6"><Link className={link} href="/complaints">All complaints</Link></p>
    </ModuleScreen>
  );
}
