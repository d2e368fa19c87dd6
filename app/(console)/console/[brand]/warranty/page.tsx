import Link from 'next/link';
import { consoleDate } from '@/lib/shared/console-time';
import { requireStaffPage } from '@/lib/server/console-session';
import { listWarranties } from '@/lib/console/warranty';
import { CONSOLE_WARRANTY_STATUSES, warrantyListQuerySchema } from '@/lib/schemas/console-warranty';
import { EmptyRow, FilterError, FilterForm, FilterSelect, FilterText, Pager, listQuery, tableWrap, td, th, type SearchParams } from '@/components/console/support/list-parts';

// Warranty registrations: a page of them, filtered by status, product, customer and the dates
// they were registered (in the address, so the filters work without JavaScript).

export const metadata = { title: 'Warranty registrations' };

const STATUS_LABELS = { ACTIVE: 'Active', EXPIRED: 'Expired', VOID: 'Void' } as const;

export default async function WarrantyPage({ params, searchParams }: { params: Promise<{ brand: string }>; searchParams: Promise<SearchParams> }) {
  const { brand } = await params;
  const { timeZone: tz, scope } = await requireStaffPage(brand, 'warranty', 'read');
  const { query, problem, kept } = listQuery(warrantyListQuerySchema, await searchParams);
  const list = await listWarranties(scope, query);

  return (
    <section aria-labelledby="warranty-title">
      <h1 id="warranty-title" className="mb-4 text-2xl font-bold text-gray-900">Warranty registrations</h1>
      {problem && <FilterError message={problem} />}
      <FilterForm label="Filter warranty registrations">
        <FilterSelect name="status" label="Status" value={query.status} options={[['all', 'Any status'], ...CONSOLE_WARRANTY_STATUSES.map((s) => [s, STATUS_LABELS[s]] as const)]} />
        <FilterSelect name="product" label="Product" value={query.product ?? ''} options={[['', 'Any product'], ...list.products.map((p) => [p.id, p.name] as const)]} />
        <FilterText name="customer" label="Customer (name, e-mail or mobile)" value={query.customer ?? ''} />
        <FilterText name="from" label="Registered from" value={query.from ?? ''} type="date" />
        <FilterText name="to" label="Registered to" value={query.to ?? ''} type="date" />
      </FilterForm>
      <div className={tableWrap}>
        <table className="w-full border-collapse">
          <caption className="sr-only">Warranty registrations, newest first</caption>
          <thead>
            <tr>
              <th scope="col" className={th}>Customer</th>
              <th scope="col" className={th}>Product</th>
              <th scope="col" className={th}>Status</th>
              <th scope="col" className={th}>Purchased</th>
              <th scope="col" className={th}>Covered until</th>
              <th scope="col" className={th}>Registered</th>
            </tr>
          </thead>
          <tbody>
            {list.warranties.length === 0 && <EmptyRow columns={6}>No registrations match.</EmptyRow>}
            {list.warranties.map((w) => (
              <tr key={w.warrantyId}>
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
