import Link from 'next/link';
import { consoleDateTime } from '@/lib/shared/console-time';
import { requireStaffPage } from '@/lib/server/console-session';
import { callRoute } from '@/lib/server/call-route';
import { consoleDisputesListRoute } from '@/lib/server/routes';
import { disputeListQuerySchema } from '@/lib/schemas/disputes';
import { EmptyRow, FilterError, FilterForm, FilterSelect, FilterText, Pager, listQuery, tableWrap, td, type SearchParams } from '@/components/console/support/list-parts';
import { CsvLink, csvHref, ListBar, ListCount, SortHeader } from '@/components/console/table-kit';
import { CONSOLE_API, consoleApiHref } from '@/lib/shared/console-api';

// Disputed claims (area claims: owner, support, analyst read; owner and support decide): customers
// whose check of a hidden code answered Product Claimed and who sent a photo of the pack. Through
// the table kit: sorted (newest first by default), filtered by state (open ones by default), days,
// product and batch, counted and exported as filtered; each opens its page with the photo, both
// claimants and the decisions.

export const metadata = { title: 'Disputed claims' };

const STATUS_LABELS = { open: 'Open', moved: 'Claim moved', rejected: 'Rejected', all: 'Any state' } as const;
const link = 'text-blue-800 underline underline-offset-2';

export default async function DisputesPage({ params, searchParams }: { params: Promise<{ brand: string }>; searchParams: Promise<SearchParams> }) {
  const { brand } = await params;
  const { timeZone: tz } = await requireStaffPage(brand, 'claims', 'read');
  const { query, problem, kept, input } = listQuery(disputeListQuerySchema, await searchParams);
  const list = await callRoute(consoleDisputesListRoute, { params: { brand }, query: input });
  const columns: Array<[string, string?]> = [['Dispute'], ['Product', 'product'], ['Batch'], ['Disputed by'], ['Sent', 'created'], ['State', 'status']];
  return (
    <section aria-labelledby="disputes-title">
      <h1 id="disputes-title" className="mb-4 text-2xl font-bold text-gray-900">Disputed claims</h1>
      <p className="mb-4 text-gray-900">
        A customer whose check of a hidden code said someone else had claimed it can dispute the claim with a photo of the pack.
        Moving the claim gives them the unit, its warranty registration and any unpaid reward; paid rewards stay with the first claimant.
      </p>
      <p className="mb-3 font-semibold text-gray-900" data-testid="disputes-open">
        {list.open} open {list.open === 1 ? 'dispute needs' : 'disputes need'} a decision
      </p>
      {problem && <FilterError message={problem} />}
      <FilterForm label="Filter disputed claims">
        <FilterSelect name="status" label="State" value={query.status} options={(['open', 'moved', 'rejected', 'all'] as const).map((s) => [s, STATUS_LABELS[s]] as const)} />
        <FilterSelect name="product" label="Product" value={query.product ?? ''} options={[['', 'Any product'], ...list.products.map((p) => [p.id, p.name] as const)]} />
        <FilterText name="batch" label="Batch number" value={query.batch ?? ''} />
        <FilterText name="from" label="Sent from" type="date" value={query.from ?? ''} />
        <FilterText name="to" label="Sent to" type="date" value={query.to ?? ''} />
        <input type="hidden" name="sort" value={query.sort} />
      </FilterForm>
      <ListBar>
        <ListCount total={list.total} one="dispute" many="disputes" testId="disputes-summary" />
        {list.total > 0 && <CsvLink href={csvHref(consoleApiHref(CONSOLE_API.disputesCsv, { brand }), kept)} />}
      </ListBar>
      <div className={tableWrap}>
        <table className="w-full border-collapse">
          <caption className="sr-only">Disputed claims</caption>
          <thead>
            <tr>
              {columns.map(([label, column]) => (
                <SortHeader key={label} label={label} column={column} sort={query.sort} kept={kept} />
              ))}
            </tr>
          </thead>
          <tbody>
            {list.disputes.length === 0 && <EmptyRow columns={columns.length}>No disputes match.</EmptyRow>}
            {list.disputes.map((d) => (
              <tr key={d.id} data-testid="dispute-row" data-dispute-id={d.id}>
                <th scope="row" className={`${td} font-semibold`}>
                  <Link href={`/${brand}/disputes/${d.id}`} className={link}>{d.id}</Link>
                </th>
                <td className={td}>
                  {d.productName}
                  {d.overtQrId && <span className="block font-mono text-xs font-normal text-gray-800">{d.overtQrId}</span>}
                </td>
                <td className={td}>{d.batchNumber}</td>
                <td className={td}>{d.disputer.name}</td>
                <td className={td}><time dateTime={d.createdAt}>{consoleDateTime(d.createdAt, tz)}</time></td>
                <td className={td}>{STATUS_LABELS[d.status]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={list.page} pageSize={list.pageSize} total={list.total} query={kept} />
    </section>
  );
}
