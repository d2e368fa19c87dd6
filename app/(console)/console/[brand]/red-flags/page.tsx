import Link from 'next/link';
import { consoleDateTime } from '@/lib/shared/console-time';
import { requireStaffPage } from '@/lib/server/console-session';
import { callRoute } from '@/lib/server/call-route';
import { consoleOpenDisputeCountRoute, consoleRedFlagsListRoute } from '@/lib/server/routes';
import { errorFieldOf } from '@/lib/shared/fetch-rules';
import { roleMay } from '@/lib/domain/staff-roles';
import { RED_FLAG_FILTER_STATUSES, redFlagListQuerySchema } from '@/lib/schemas/console-red-flags';
import { RISK_RULE_NAMES } from '@/lib/schemas/red-flags';
import { RedFlagClose } from '@/components/console/support/red-flag-close';
import { EmptyRow, FilterError, FilterForm, FilterSelect, FilterText, Pager, listQuery, tableWrap, td, th, type SearchParams } from '@/components/console/support/list-parts';
import { CsvLink, csvHref, ListBar, ListCount, SortHeader } from '@/components/console/table-kit';
import { ChooseBox } from '@/components/console/bulk-action';
import { BulkResolveRedFlags } from '@/components/console/support/bulk-red-flags';
import { CONSOLE_API, consoleApiHref } from '@/lib/shared/console-api';

// Red flags (suspect units): filtered by status, rule, product, batch, days and place (where the
// unit was last checked, by name), sorted, counted and exported as filtered (the table kit); those who may change them resolve (a copy) or dismiss
// (not a copy) an open one with a note, or resolve several at once. Each links to its code.

export const metadata = { title: 'Red flags' };

const STATUS_LABELS = { open: 'Open', resolved: 'Resolved', dismissed: 'Dismissed', all: 'Any status' } as const;

export default async function RedFlagsPage({ params, searchParams }: { params: Promise<{ brand: string }>; searchParams: Promise<SearchParams> }) {
  const { brand } = await params;
  const { timeZone: tz, role } = await requireStaffPage(brand, 'redFlags', 'read');
  let { query, problem, kept, input } = listQuery(redFlagListQuerySchema, await searchParams);
  const page = () => callRoute(consoleRedFlagsListRoute, { params: { brand }, query: input });
  let listed;
  try {
    listed = await page();
  } catch (err) {
    // A place the gazetteer has no town of: said as any filter not understood, the list unfiltered.
    if (!errorFieldOf(err)) throw err;
    ({ query, problem, kept, input } = { query: redFlagListQuerySchema.parse({}), problem: (err as Error).message, kept: {}, input: {} });
    listed = await page();
  }
  const { redFlags, total, products, places: placeNames } = listed;
  const places = query.place && !placeNames.some((p) => p.toLowerCase() === query.place!.toLowerCase()) ? [query.place, ...placeNames] : placeNames;
  const mayWrite = roleMay(role, 'redFlags', 'write');
  const bulkId = 'bulk-red-flags';
  const openShown = redFlags.some((f) => f.status === 'open');
  const columns: Array<[string, string?]> = [['Code'], ['Product'], ['Why'], ['Last checked at'], ['Raised', 'created'], ['Status', 'status']];
  // Units whose claim a customer disputes need attention too (for the roles that read claims).
  const disputes = roleMay(role, 'claims', 'read') ? (await callRoute(consoleOpenDisputeCountRoute, { params: { brand } })).open : null;

  return (
    <section aria-labelledby="red-flags-title">
      <h1 id="red-flags-title" className="mb-4 text-2xl font-bold text-gray-900">Red flags</h1>
      <p className="mb-4 text-gray-900">
        Customers can also report a product they think is a copy, with a photo and the evidence report of their check:{' '}
        <Link href={`/${brand}/red-flags/reports`} className="text-blue-800 underline underline-offset-2">Customer reports</Link>
      </p>
      {disputes !== null && (
        <p className="mb-4 text-gray-900" data-testid="open-disputes">
          {disputes === 0 ? 'No claim is disputed.' : `${disputes} ${disputes === 1 ? 'claim is' : 'claims are'} disputed by a customer with a photo of the pack:`}{' '}
          <Link href={`/${brand}/disputes`} className="text-blue-800 underline underline-offset-2">Disputed claims</Link>
        </p>
      )}
      {problem && <FilterError message={problem} />}
      <FilterForm label="Filter red flags">
        <FilterSelect name="status" label="Status" value={query.status} options={RED_FLAG_FILTER_STATUSES.map((s) => [s, STATUS_LABELS[s]] as const)} />
        <FilterSelect name="rule" label="Rule" value={query.rule ?? ''} options={[['', 'Any rule'], ...RISK_RULE_NAMES.map((r) => [r, r] as const)]} />
        <FilterSelect name="product" label="Product" value={query.product ?? ''} options={[['', 'Any product'], ...products.map((p) => [p.id, p.name] as const)]} />
        <FilterText name="batch" label="Batch number" value={query.batch ?? ''} />
        <FilterSelect name="place" label="Last checked at" value={query.place ?? ''} options={[['', 'Any place'], ...places.map((p) => [p, p] as const)]} />
        <FilterText name="from" label="Raised from" type="date" value={query.from ?? ''} />
        <FilterText name="to" label="Raised to" type="date" value={query.to ?? ''} />
        <input type="hidden" name="sort" value={query.sort} />
      </FilterForm>
      {mayWrite && openShown && <BulkResolveRedFlags brand={brand} formId={bulkId} />}
      <ListBar>
        <ListCount total={total} one="red flag" many="red flags" />
        {total > 0 && <CsvLink href={csvHref(consoleApiHref(CONSOLE_API.redFlagsCsv, { brand }), kept)} />}
      </ListBar>
      <div className={tableWrap}>
        <table className="w-full border-collapse">
          <caption className="sr-only">Red flags</caption>
          <thead>
            <tr>
              {mayWrite && openShown && (
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
            {redFlags.length === 0 && <EmptyRow columns={columns.length + (mayWrite && openShown ? 1 : 0)}>No red flags match.</EmptyRow>}
            {redFlags.map((f) => (
              <tr key={f.id} data-testid="red-flag-row" data-flag-id={f.id}>
                {mayWrite && openShown && <td className={td}>{f.status === 'open' && <ChooseBox formId={bulkId} value={f.id} label={`Choose the red flag of ${f.qrId || f.id}`} />}</td>}
                <th scope="row" className={`${td} font-semibold`}>
                  {f.qrId ? <Link href={`/${brand}/codes/${encodeURIComponent(f.qrId)}`} className="text-blue-800 underline underline-offset-2">{f.qrId}</Link> : '—'}
                  {f.blacklisted && <span className="block text-xs font-normal text-red-800">Blacklisted by the flag</span>}
                </th>
                <td className={td}>{f.product || '—'}</td>
                <td className={td}>
                  <span className="block text-xs text-gray-700">As recorded when the flag was raised:</span>
                  <ul className="list-disc pl-4">
                    {f.reasons.map((r, i) => <li key={i}>{r}</li>)}
                  </ul>
                  <span className="text-xs text-gray-700">Rules: {f.rules.join(', ')}</span>
                </td>
                <td className={td}>{f.place ? `${f.place.near ? `${f.place.near} (` : ''}${f.place.lat.toFixed(1)}, ${f.place.lng.toFixed(1)}${f.place.near ? ')' : ''}` : '—'}</td>
                <td className={td}><time dateTime={f.createdAt}>{consoleDateTime(f.createdAt, tz)}</time></td>
                <td className={`${td} min-w-56`}>
                  <span className="font-semibold">{STATUS_LABELS[f.status]}</span>
                  {f.note && <span className="block text-gray-800">Note: {f.note}</span>}
                  {f.status === 'open' && mayWrite && <RedFlagClose brand={brand} flagId={f.id} qrId={f.qrId} alreadyBlacklisted={f.blacklisted} />}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={query.page} pageSize={query.pageSize} total={total} query={kept} />
    </section>
  );
}
