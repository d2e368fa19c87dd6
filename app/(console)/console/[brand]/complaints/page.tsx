import Link from 'next/link';
import { requireStaffPage } from '@/lib/server/console-session';
import { listComplaints } from '@/lib/console/complaints';
import { COMPLAINT_STATUSES } from '@/lib/domain/complaints';
import { COMPLAINT_AGE_FILTERS, COMPLAINT_AGE_LABELS, complaintListQuerySchema } from '@/lib/schemas/console-complaints';
import { AgeCell, StatusBadge } from '@/components/console/support/status-badge';
import { complaintStatusLabel } from '@/components/console/support/labels';
import { EmptyRow, FilterError, FilterForm, FilterSelect, Pager, listQuery, tableWrap, td, th, type SearchParams } from '@/components/console/support/list-parts';

// The complaints inbox: a page of tickets, filtered by status, priority, age and assignee in the
// address (so the filters work without JavaScript), each with its age against its target time.

export const metadata = { title: 'Complaints' };

export default async function ComplaintsPage({ params, searchParams }: { params: Promise<{ brand: string }>; searchParams: Promise<SearchParams> }) {
  const { brand } = await params;
  const { scope } = await requireStaffPage(brand, 'complaints', 'read');
  const { query, problem, kept } = listQuery(complaintListQuerySchema, await searchParams);
  const list = await listComplaints(scope, query);

  return (
    <section aria-labelledby="complaints-title">
      <h1 id="complaints-title" className="mb-4 text-2xl font-bold text-gray-900">Complaints</h1>
      {problem && <FilterError message={problem} />}
      <FilterForm label="Filter complaints">
        <FilterSelect name="status" label="Status" value={query.status} options={[['all', 'Any status'], ...COMPLAINT_STATUSES.map((s) => [s, complaintStatusLabel(s)] as const)]} />
        <FilterSelect name="priority" label="Priority" value={query.priority ?? ''} options={[['', 'Any priority'], ...list.priorities.map((p) => [p, p] as const)]} />
        <FilterSelect name="age" label="Age" value={query.age ?? ''} options={[['', 'Any age'], ...COMPLAINT_AGE_FILTERS.map((a) => [a, COMPLAINT_AGE_LABELS[a]] as const)]} />
        <FilterSelect name="assignee" label="Assigned to" value={query.assignee ?? ''} options={[['', 'Anyone'], ['me', 'Me'], ['none', 'Nobody']]} />
      </FilterForm>
      <div className={tableWrap}>
        <table className="w-full border-collapse">
          <caption className="sr-only">Complaints, newest first</caption>
          <thead>
            <tr>
              <th scope="col" className={th}>Ticket</th>
              <th scope="col" className={th}>Status</th>
              <th scope="col" className={th}>Priority</th>
              <th scope="col" className={th}>Age of target</th>
              <th scope="col" className={th}>Customer</th>
              <th scope="col" className={th}>Product</th>
              <th scope="col" className={th}>Assigned to</th>
            </tr>
          </thead>
          <tbody>
            {list.complaints.length === 0 && <EmptyRow columns={7}>No complaints match.</EmptyRow>}
            {list.complaints.map((c) => (
              <tr key={c.ticketId} data-testid="complaint-row">
                <th scope="row" className={`${td} font-semibold`}>
                  <Link href={`/${brand}/complaints/${c.ticketId}`} className="text-blue-800 underline underline-offset-2">{c.ticketId}</Link>
                  <span className="block text-xs font-normal text-gray-700">{c.category}</span>
                </th>
                <td className={td}><StatusBadge status={c.status} color={c.statusColor} /></td>
                <td className={td}>{c.priority}</td>
                <td className={td}><AgeCell ageHours={c.ageHours} targetHours={c.targetHours} overdue={c.overdue} /></td>
                <td className={td}>{c.customerName}</td>
                <td className={td}>{c.productName ?? '—'}</td>
                <td className={td}>{c.assignee?.name ?? 'Nobody'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={list.page} pageSize={list.pageSize} total={list.total} query={kept} />
    </section>
  );
}
