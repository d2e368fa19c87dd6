import Link from 'next/link';
import { consoleDate } from '@/lib/shared/console-time';
import { requireStaffPage } from '@/lib/server/console-session';
import { callRoute } from '@/lib/server/call-route';
import { consoleWarrantyListRoute } from '@/lib/server/routes';
import { roleMay } from '@/lib/domain/staff-roles';
import { CONSOLE_WARRANTY_STATUSES, warrantyListQuerySchema } from '@/lib/schemas/console-warranty';
import { EmptyRow, FilterError, FilterForm, FilterSelect, FilterText, Pager, listQuery, tableWrap, td, type SearchParams } from '@/components/console/support/list-parts';
import { CsvLink, csvHref, ListBar, ListCount, SortHeader } from '@/components/console/table-kit';
import { CONSOLE_API, consoleApiHref } from '@/lib/shared/console-api';

// Warranty registrations through the table kit: sorted by a column, filtered by status, product,
// batch, customer and the days they were registered (in the address, so the filters work without
// JavaScript), counted, paged, and for owner and support downloaded as filtered.

export const metadata = { title: 'Warranty registrations' };

const STATUS_LABELS = { ACTIVE: 'Active', EXPIRED: 'Expired', VOID: 'Void' } as const;

export default async function WarrantyPage({ params, searchParams }: { params: Promise<{ brand: string }>; searchParams: Promise<SearchParams> }) {
  const { brand } = await params;
  const { timeZone: tz, role } = await requireStaffPage(brand, 'warranty', 'read');
  const { query, problem, kept, input } = listQuery(warrantyListQuerySchema, await searchParams);
  const list = await callRoute(consoleWarrantyListRoute, { params: { brand }, query: input });
  const columns: Array<[string, string?]> = [['Customer'], ['Product', 'product'], ['Status'], ['Purchased', 'purchased'], ['Covered until', 'ends'], ['Registered', 'created']];

  return (
    <section aria-labelledby="warranty-title">
      <h1 id="warranty-title" className="mb-4 text-2xl font-bold text-gray-900">Warranty registrations</h1>
      {problem && <FilterError message={problem} />}
      <FilterForm label="Filter warranty registrations">
        <FilterSelect name="status" label="Status" value={query.status} options={[['all', 'Any status'], ...CONSOLE_WARRANTY_STATUSES.map((s) => [s, STATUS_LABELS[s]] as const)]} />
        <FilterSelect name="product" label="Product" value={query.product ?? ''} options={[['', 'Any product'], ...list.products.map((p) => [p.id, p.name] as const)]} />
        <FilterText name="batch" label="Batch number" value={query.batch ?? ''} />
        <FilterText name="customer" label="Customer (name, e-mail or mobile)" value={query.customer ?? ''} />
        <FilterText name="from" label="Registered from" value={query.from ?? ''} type="date" />
        <FilterText name="to" label="Registered to" value={query.to ?? ''} type="date" />
        <input type="hidden" name="sort" value={query.sort} />
      </FilterForm>
      <ListBar>
        <ListCount total={list.total} one="registration" many="registrations" />
        {list.total > 0 && roleMay(role, 'warranty', 'write') && <CsvLink href={csvHref(consoleApiHref(CONSOLE_API.warrantyCsv, { brand }), kept)} />}
      </ListBar>
      <div className={tableWrap}>
        <table className="w-full border-collapse">
          <caption className="sr-only">Warranty registrations</caption>
          <thead>
            <tr>
              {columns.map(([label, column]) => (
                <SortHeader key={label} label={label} column={column} sort={query.sort} kept={kept} />
              ))}
            </tr>
          </thead>
          <tbody>
            {list.warranties.length === 0 && <EmptyRow columns={columns.length}>No registrations match.</EmptyRow>}
            {list.warranties.map((w) => (
              <tr key={w.warrantyId} data-testid="warranty-row" data-warranty-id={w.warrantyId}>
                <th scope="row" className={`${td} font-semibold`}>
                  <Link href={`/${brand}/warranty/${w.warrantyId}`} className="text-blue-800 underline underline-offset-2">{w.customerName}</Link>
                </th>
                <td className={td}>{w.productName}</td>
                <td className={td}>{STATUS_LABELS[w.status]}</td>
                <td className={td}>{w.purchaseDate}</td>
                <td className={td}>{w.endsOn}</td>
                <td className={td}><time dateTime={w.registeredAt}>{consoleDate(w.registeredAt, tz)}</time></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={list.page} pageSize={list.pageSize} total={list.total} query={kept} />
    </section>
  );
}
