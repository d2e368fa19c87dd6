import Link from 'next/link';
import { requireStaffPage } from '@/lib/server/console-session';
import { callRoute } from '@/lib/server/call-route';
import { consoleComplaintAssigneesRoute, consoleComplaintsListRoute } from '@/lib/server/routes';
import { roleMay } from '@/lib/domain/staff-roles';
import { COMPLAINT_STATUSES } from '@/lib/domain/complaints';
import { COMPLAINT_AGE_FILTERS, COMPLAINT_AGE_LABELS, complaintListQuerySchema } from '@/lib/schemas/console-complaints';
import { AgeCell, StatusBadge } from '@/components/console/support/status-badge';
import { complaintStatusLabel } from '@/components/console/support/labels';
import { EmptyRow, FilterError, FilterForm, FilterSelect, FilterText, Pager, listQuery, tableWrap, td, th, type SearchParams } from '@/components/console/support/list-parts';
import { CsvLink, csvHref, ListBar, ListCount, SortHeader } from '@/components/console/table-kit';
import { ChooseBox } from '@/components/console/bulk-action';
import { BulkComplaintsForm } from '@/components/console/support/bulk-complaints';
import { CONSOLE_API, consoleApiHref } from '@/lib/shared/console-api';

// The complaints inbox: a page of tickets, filtered by status, priority, age, assignee, days,
// product and batch in the address (so the filters work without JavaScript), sorted by its
// columns, counted and exported as filtered (the table kit), each with its age against its
// target time; those who may change complaints assign or close several at once.

export const metadata = { title: 'Complaints' };

export default async function ComplaintsPage({ params, searchParams }: { params: Promise<{ brand: string }>; searchParams: Promise<SearchParams> }) {
  const { brand } = await params;
  const { role } = await requireStaffPage(brand, 'complaints', 'read');
  const { query, problem, kept, input } = listQuery(complaintListQuerySchema, await searchParams);
  const mayWrite = roleMay(role, 'complaints', 'write');
  const [list, staff] = await Promise.all([
    callRoute(consoleComplaintsListRoute, { params: { brand }, query: input }),
    mayWrite ? callRoute(consoleComplaintAssigneesRoute, { params: { brand } }).then((a) => a.staff) : Promise.resolve([]),
  ]);
  const { products } = list;
  const bulkId = 'bulk-complaints';
  const columns: Array<[string, string?]> = [['Ticket', 'ticket'], ['Status', 'status'], ['Priority', 'priority'], ['Age of target', 'created'], ['Customer'], ['Product'], ['Assigned to']];

  return (
    <section aria-labelledby="complaints-title">
      <h1 id="complaints-title" className="mb-4 text-2xl font-bold text-gray-900">Complaints</h1>
      {problem && <FilterError message={problem} />}
      <FilterForm label="Filter complaints">
        <FilterSelect name="status" label="Status" value={query.status} options={[['all', 'Any status'], ['notclosed', 'Not closed'], ...COMPLAINT_STATUSES.map((s) => [s, complaintStatusLabel(s)] as const)]} />
        <FilterSelect name="priority" label="Priority" value={query.priority ?? ''} options={[['', 'Any priority'], ...list.priorities.map((p) => [p, p] as const)]} />
        <FilterSelect name="age" label="Age" value={query.age ?? ''} options={[['', 'Any age'], ...COMPLAINT_AGE_FILTERS.map((a) => [a, COMPLAINT_AGE_LABELS[a]] as const)]} />
        <FilterSelect name="assignee" label="Assigned to" value={query.assignee ?? ''} options={[['', 'Anyone'], ['me', 'Me'], ['none', 'Nobody']]} />
        <FilterSelect name="product" label="Product" value={query.product ?? ''} options={[['', 'Any product'], ...products.map((p) => [p.id, p.name] as const)]} />
        <FilterText name="batch" label="Batch number" value={query.batch ?? ''} />
        <FilterText name="from" label="Raised from" type="date" value={query.from ?? ''} />
        <FilterText name="to" label="Raised to" type="date" value={query.to ?? ''} />
        <input type="hidden" name="sort" value={query.sort} />
      </FilterForm>
      {mayWrite && list.complaints.length > 0 && <BulkComplaintsForm brand={brand} formId={bulkId} staff={staff} />}
      <ListBar>
        <ListCount total={list.total} one="complaint" many="complaints" />
        {list.total > 0 && <CsvLink href={csvHref(consoleApiHref(CONSOLE_API.complaintsCsv, { brand }), kept)} />}
      </ListBar>
      <div className={tableWrap}>
        <table className="w-full border-collapse">
          <caption className="sr-only">Complaints</caption>
          <thead>
            <tr>
              {mayWrite && (
                <th scope="col" className={th}>
                  <span className="sr-only">Choose</span>
                </th>
              )}
              {columns.map(([label, column]) => (
                <SortHeader key={label} label={label} column={column} sort={query.sort} kept={kept} />
              ))}
            </tr>
          </thead>
          <tbody>
            {list.complaints.length === 0 && <EmptyRow columns={columns.length + (mayWrite ? 1 : 0)}>No complaints match.</EmptyRow>}
            {list.complaints.map((c) => (
              <tr key={c.ticketId} data-testid="complaint-row">
                {mayWrite && (
                  <td className={td}>
                    <ChooseBox formId={bulkId} value={c.ticketId} label={`Choose ${c.ticketId}`} />
                  </td>
                )}
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
