import Link from 'next/link';
import { consoleDateTime } from '@/lib/shared/console-time';
import { requireStaffPage } from '@/lib/server/console-session';
import { callRoute } from '@/lib/server/call-route';
import { consoleReportsListRoute } from '@/lib/server/routes';
import { errorFieldOf } from '@/lib/shared/fetch-rules';
import { reportListQuerySchema, reportPhotoUrl } from '@/lib/schemas/console-reports';
import { EmptyRow, FilterError, FilterForm, FilterSelect, FilterText, Pager, listQuery, tableWrap, td, type SearchParams } from '@/components/console/support/list-parts';
import { CsvLink, csvHref, ListBar, ListCount, SortHeader } from '@/components/console/table-kit';
import { CONSOLE_API, consoleApiHref } from '@/lib/shared/console-api';

// Customers' reports of suspicious products (the /report form), read-only, beside the red flags,
// through the table kit: sorted by when they were sent or the code given; filtered by
// days, product, batch, place (by name) and whether an evidence report came with them; counted and
// exported as filtered. A report's code links to its page (the unit's timeline) when it is one of
// the brand's, as does its evidence report's scan; its photo opens in place (served by the console
// API, never run).

export const metadata = { title: 'Customer reports' };

const link = 'text-blue-800 underline underline-offset-2';

export default async function ReportsPage({ params, searchParams }: { params: Promise<{ brand: string }>; searchParams: Promise<SearchParams> }) {
  const { brand } = await params;
  const { timeZone: tz } = await requireStaffPage(brand, 'redFlags', 'read');
  let { query, problem, kept, input } = listQuery(reportListQuerySchema, await searchParams);
  const listed = () => callRoute(consoleReportsListRoute, { params: { brand }, query: input });
  let list;
  try {
    list = await listed();
  } catch (err) {
    // A place the gazetteer has no town of: said as any filter not understood, the list unfiltered.
    if (!errorFieldOf(err)) throw err;
    ({ query, problem, kept, input } = { query: reportListQuerySchema.parse({}), problem: (err as Error).message, kept: {}, input: {} });
    list = await listed();
  }
  const codePage = (qrId: string) => `/${brand}/codes/${encodeURIComponent(qrId)}`;
  const places = query.place && !list.places.some((p) => p.toLowerCase() === query.place!.toLowerCase()) ? [query.place, ...list.places] : list.places;
  const columns: Array<[string, string?]> = [['Code given', 'code'], ['What the customer says'], ['Evidence report'], ['Customer'], ['Where'], ['Sent', 'created']];

  return (
    <section aria-labelledby="reports-title">
      <p className="mb-2 text-sm"><Link href={`/${brand}/red-flags`} className={link}>Red flags</Link></p>
      <h1 id="reports-title" className="mb-4 text-2xl font-bold text-gray-900">Customer reports</h1>
      {problem && <FilterError message={problem} />}
      <FilterForm label="Filter customer reports">
        <FilterSelect name="evidence" label="Evidence report" value={query.evidence} options={[['any', 'With or without'], ['with', 'With an evidence report']]} />
        <FilterSelect name="product" label="Product" value={query.product ?? ''} options={[['', 'Any product'], ...list.products.map((p) => [p.id, p.name] as const)]} />
        <FilterText name="batch" label="Batch number" value={query.batch ?? ''} />
        <FilterSelect name="place" label="Place" value={query.place ?? ''} options={[['', 'Any place'], ...places.map((p) => [p, p] as const)]} />
        <FilterText name="from" label="Sent from" type="date" value={query.from ?? ''} />
        <FilterText name="to" label="Sent to" type="date" value={query.to ?? ''} />
        <input type="hidden" name="sort" value={query.sort} />
      </FilterForm>
      <ListBar>
        <ListCount total={list.total} one="report" many="reports" />
        {list.total > 0 && <CsvLink href={csvHref(consoleApiHref(CONSOLE_API.reportsCsv, { brand }), kept)} />}
      </ListBar>
      <div className={tableWrap}>
        <table className="w-full border-collapse">
          <caption className="sr-only">Customer reports</caption>
          <thead>
            <tr>
              {columns.map(([label, column]) => (
                <SortHeader key={label} label={label} column={column} sort={query.sort} kept={kept} />
              ))}
            </tr>
          </thead>
          <tbody>
            {list.reports.length === 0 && <EmptyRow columns={columns.length}>No reports match.</EmptyRow>}
            {list.reports.map((r) => (
              <tr key={r.id} data-testid="report-row" data-report-id={r.id}>
                <th scope="row" className={`${td} font-semibold`}>
                  {r.qrId ? (r.productName ? <Link href={codePage(r.qrId)} className={link}>{r.qrId}</Link> : r.qrId) : '—'}
                  <span className="block text-xs font-normal text-gray-800">{r.productName ?? (r.qrId ? 'Not a code of this brand' : '')}</span>
                </th>
                <td className={`${td} whitespace-pre-wrap`}>
                  {r.description}
                  {r.hasPhoto && (
                    <a href={`${reportPhotoUrl(brand, r.id)}?disposition=inline`} target="_blank" rel="noopener" className={`${link} mt-1 block`}>
                      Photo of report {r.id} (opens in a new tab)
                    </a>
                  )}
                </td>
                <td className={td}>
                  {r.evidence ? (
                    <>
                      <span className="font-mono text-xs">{r.evidence.reference}</span>
                      {r.evidence.qrId && <Link href={codePage(r.evidence.qrId)} className={`${link} block`}>Timeline of {r.evidence.qrId}</Link>}
                    </>
                  ) : (
                    '—'
                  )}
                </td>
                <td className={td}>{r.customerName}</td>
                <td className={td}>{r.place ? `${r.place.near ? `${r.place.near} (` : ''}${r.place.lat.toFixed(2)}, ${r.place.lng.toFixed(2)}${r.place.near ? ')' : ''}` : '—'}</td>
                <td className={td}><time dateTime={r.createdAt}>{consoleDateTime(r.createdAt, tz)}</time></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={list.page} pageSize={list.pageSize} total={list.total} query={kept} />
    </section>
  );
}
