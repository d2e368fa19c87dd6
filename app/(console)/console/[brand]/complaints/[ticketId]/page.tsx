import Link from 'next/link';
import { notFound } from 'next/navigation';
import { consoleDateTime } from '@/lib/shared/console-time';
import { requireStaffPage } from '@/lib/server/console-session';
import { callRoute } from '@/lib/server/call-route';
import { consoleComplaintAssigneesRoute, consoleComplaintRoute } from '@/lib/server/routes';
import { roleMay } from '@/lib/domain/staff-roles';
import { ApiRequestError } from '@/lib/shared/fetch-rules';
import { ticketIdSchema } from '@/lib/schemas/console-complaints';
import { AgeCell, StatusBadge } from '@/components/console/support/status-badge';
import { ComplaintActions } from '@/components/console/support/complaint-actions';
import { AttachmentView } from '@/components/console/support/attachment-view';

// One ticket: who raised it about what, its attachments viewed in place, the thread the customer
// reads, and (for those who may change complaints) assign, status and reply.

export const metadata = { title: 'Complaint' };

export default async function ComplaintPage({ params }: { params: Promise<{ brand: string; ticketId: string }> }) {
  const { brand, ticketId } = await params;
  const { timeZone: tz, role, staff: me } = await requireStaffPage(brand, 'complaints', 'read');
  const id = ticketIdSchema.safeParse(decodeURIComponent(ticketId));
  if (!id.success) notFound();
  const c = await callRoute(consoleComplaintRoute, { params: { brand, ticketId: id.data } }).catch((err: unknown) => {
    if (err instanceof ApiRequestError && [400, 404, 422].includes(err.status)) notFound();
    throw err;
  });
  const mayWrite = roleMay(role, 'complaints', 'write');
  const staff = mayWrite ? (await callRoute(consoleComplaintAssigneesRoute, { params: { brand } })).staff : [];
  const selfStaffId = me.id;
  const dl = 'grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm';

  return (
    <article aria-labelledby="ticket-title">
      <p className="mb-2 text-sm"><Link href={`/${brand}/complaints`} className="text-blue-800 underline underline-offset-2">Back to complaints</Link></p>
      <h1 id="ticket-title" className="mb-2 flex flex-wrap items-center gap-3 text-2xl font-bold text-gray-900">
        {c.ticketId} <StatusBadge status={c.status} color={c.statusColor} />
      </h1>
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div>
          <dl className={`${dl} mb-4 rounded-lg border border-gray-300 bg-white p-4`}>
            <dt className="font-semibold text-gray-900">Customer</dt>
            <dd className="text-gray-900">{c.customer.name}{c.customer.email ? ` · ${c.customer.email}` : ''}{c.customer.mobile ? ` · ${c.customer.mobile}` : ''}</dd>
            <dt className="font-semibold text-gray-900">Category</dt>
            <dd className="text-gray-900">{c.category}</dd>
            <dt className="font-semibold text-gray-900">Priority</dt>
            <dd className="text-gray-900">{c.priority}</dd>
            <dt className="font-semibold text-gray-900">Age</dt>
            <dd className="text-gray-900"><AgeCell ageHours={c.ageHours} targetHours={c.targetHours} overdue={c.overdue} /></dd>
            <dt className="font-semibold text-gray-900">Product</dt>
            <dd className="text-gray-900">{c.productName ?? '—'}</dd>
            <dt className="font-semibold text-gray-900">Assigned to</dt>
            <dd className="text-gray-900" data-testid="ticket-assignee">{c.assignee?.name ?? 'Nobody'}</dd>
            <dt className="font-semibold text-gray-900">Raised</dt>
            <dd className="text-gray-900"><time dateTime={c.createdAt}>{consoleDateTime(c.createdAt, tz)}</time></dd>
          </dl>
          <h2 className="mb-2 text-lg font-semibold text-gray-900">Description</h2>
          <p className="mb-4 whitespace-pre-wrap rounded-lg border border-gray-300 bg-white p-4 text-gray-900">{c.description}</p>
          {c.attachments.length > 0 && (
            <>
              <h2 className="mb-2 text-lg font-semibold text-gray-900">Attachments</h2>
              <ul className="mb-4 grid gap-3 sm:grid-cols-2">
                {c.attachments.map((f) => (
                  <li key={f.fileId}><AttachmentView file={f} /></li>
                ))}
              </ul>
            </>
          )}
          <h2 className="mb-2 text-lg font-semibold text-gray-900">Thread</h2>
          {c.messages.length === 0 ? (
            <p className="text-gray-700">No messages yet.</p>
          ) : (
            <ol className="grid gap-2" aria-label="Thread">
              {c.messages.map((m) => (
                <li key={m.messageId} data-testid="thread-message" className={`rounded-lg border p-3 ${m.author === 'brand' ? 'border-blue-300 bg-blue-50' : 'border-gray-300 bg-white'}`}>
                  <p className="text-xs font-semibold text-gray-800">
                    {m.author === 'brand' ? `${m.authorName ?? 'Brand'} (brand)` : `${c.customer.name} (customer)`} · <time dateTime={m.at}>{consoleDateTime(m.at, tz)}</time>
                  </p>
                  <p className="whitespace-pre-wrap text-gray-900">{m.body}</p>
                </li>
              ))}
            </ol>
          )}
        </div>
        {mayWrite && (
          <aside aria-label="Handle this ticket">
            <ComplaintActions
              brand={brand}
              ticketId={c.ticketId}
              status={c.status}
              nextStatuses={c.nextStatuses}
              assigneeStaffId={c.assignee?.staffId ?? null}
              staff={staff}
              selfStaffId={selfStaffId}
            />
          </aside>
        )}
      </div>
    </article>
  );
}
