import Link from 'next/link';
import { consoleDateTime } from '@/lib/shared/console-time';
import { requireStaffPage } from '@/lib/server/console-session';
import { listReports } from '@/lib/console/reports';
import { reportListQuerySchema, reportPhotoUrl } from '@/lib/schemas/console-reports';
import { EmptyRow, FilterError, FilterForm, FilterSelect, Pager, listQuery, tableWrap, td, th, type SearchParams } from '@/components/console/support/list-parts';

// Customers' reports of suspicious products (the /report form), read-only, beside the red flags:
// filtered by product and by whether an evidence report came with them. A report's code links to
// its page (the unit's timeline) when it is one of the brand's, as does its evidence report's scan;
// its photo opens in place (served by the console API, never run).

export const metadata = { title: 'Customer reports' };

const link = 'text-blue-800 underline underline-offset-2';

export default async function ReportsPage({ params, searchParams }: { params: Promise<{ brand: string }>; searchParams: Promise<SearchParams> }) {
  const { brand } = await params;
  const { timeZone: tz, scope } = await requireStaffPage(brand, 'redFlags', 'read');
  const { query, problem, kept } = listQuery(reportListQuerySchema, await searchParams);
  const list = await listReports(scope, query);
  const codePage = (qrId: string) => `/${brand}/codes/${encodeURIComponent(qrId)}`;

  return (
    <section aria-labelledby="reports-title">
      <p className="mb-2 text-sm"><Link href={`/${brand}/red-flags`} className={link}>Red flags</Link></p>
      <h1 id="reports-title" className="mb-4 text-2xl font-bold text-gray-900">Customer reports</h1>
      {problem && <FilterError message={problem} />}
      <FilterForm label="Filter customer reports">
        <FilterSelect name="evidence" label="Evidence report" value={query.evidence} options={[['any', 'With or without'], ['with', 'With an evidence report']]} />
        <FilterSelect name="product" label="Product" value={query.product ?? ''} options={[['', 'Any product'], ...list.products.map((p) => [p.id, p.name] as const)]} />
      </FilterForm>
      <p className="mb-3 text-gray-900" data-testid="reports-summary">
        {list.total} {list.total === 1 ? 'report' : 'reports'}
      </p>
      <div className={tableWrap}>
        <table className="w-full border-collapse">
          <caption className="sr-only">Customer reports, newest first</caption>
          <thead>
            <tr>
              <th scope="col" className={th}>Code given</th>
              <th scope="col" className={th}>What the customer says</th>
              <th scope="col" className={th}>Evidence report</th>
              <th scope="col" className={th}>Customer</th>
              <th scope="col" className={th}>Where</th>
              <th scope="col" className={th}>Sent</th>
            </tr>
          </thead>
          <tbody>
            {list.reports.length === 0 && <EmptyRow columns={6}>No reports match.</EmptyRow>}
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
