import Link from 'next/link';
import { consoleDateTime } from '@/lib/shared/console-time';
import { requireStaffPage } from '@/lib/server/console-session';
import { callRoute } from '@/lib/server/call-route';
import { consolePayoutsListRoute } from '@/lib/server/routes';
import { roleMay } from '@/lib/domain/staff-roles';
import { PAYOUT_STATUSES, type PayoutStatus } from '@/lib/domain/payouts';
import { payoutListQuerySchema } from '@/lib/schemas/console-money';
import { PayoutActions, RetryButton } from '@/components/console/payout-actions';
import { EmptyRow, FilterError, FilterForm, FilterSelect, FilterText, Pager, listQuery, tableWrap, td, th, type SearchParams } from '@/components/console/support/list-parts';
import { CsvLink, csvHref, hrefWith, ListBar, ListCount, SortHeader } from '@/components/console/table-kit';
import { CONSOLE_API, consoleApiHref } from '@/lib/shared/console-api';

// /<brand>/payouts on the console host: the brand's payouts through the table kit (sorted by a
// column, filtered by status, product, batch and days, counted, paged, and for owner and finance
// downloaded as filtered), the count in each status, and for owner and finance the bank file
// export, the result import and retries.

export const metadata = { title: 'Payouts' };

const STATUS_LABELS: Record<PayoutStatus, string> = {
  DEFAULT: 'Created',
  NOT_CLAIMED: 'Not claimed',
  TRANSFER_PENDING: 'Waiting for export',
  PENDING_AT_BANK: 'At the bank',
  TRANSFER_COMPLETED: 'Paid',
  TRANSFER_FAILED: 'Failed',
};

export default async function PayoutsPage({ params, searchParams }: { params: Promise<{ brand: string }>; searchParams: Promise<SearchParams> }) {
  const { brand } = await params;
  const { timeZone: tz, role } = await requireStaffPage(brand, 'payouts', 'read');
  const { query, problem, kept, input } = listQuery(payoutListQuerySchema, await searchParams);
  const { payouts, counts, total, products } = await callRoute(consolePayoutsListRoute, { params: { brand }, query: input });
  const canWrite = roleMay(role, 'payouts', 'write');
  const columns: Array<[string, string?]> = [['Reference', 'reference'], ['Customer'], ['Reward'], ['Product'], ['Amount', 'amount'], ['UPI id'], ['Status', 'status'], ['Attempts'], ['Bank'], ['Made', 'created'], ['Last changed', 'updated']];
  return (
    <div>
      <h1 id="page-title" tabIndex={-1} className="mb-4 text-2xl font-bold text-gray-900">Payouts</h1>
      {canWrite && <PayoutActions brand={brand} waiting={counts.TRANSFER_PENDING} atBank={counts.PENDING_AT_BANK} />}
      <ul aria-label="Payouts by status" className="mb-4 flex flex-wrap gap-2">
        {PAYOUT_STATUSES.filter((s) => s !== 'DEFAULT').map((s) => (
          <li key={s}>
            <Link
              href={hrefWith({ sort: query.sort }, { status: s })}
              aria-current={query.status === s ? 'page' : undefined}
              data-testid={`payout-count-${s}`}
              className={`inline-flex min-h-11 items-center rounded-full border px-4 ${query.status === s ? 'border-blue-800 bg-blue-800 text-white' : 'border-gray-500 text-gray-900'}`}
            >
              {STATUS_LABELS[s]}: {counts[s]}
            </Link>
          </li>
        ))}
      </ul>
      {problem && <FilterError message={problem} />}
      <FilterForm label="Filter payouts">
        <FilterSelect name="status" label="Status" value={query.status ?? ''} options={[['', 'Any status'], ...PAYOUT_STATUSES.map((s) => [s, STATUS_LABELS[s]] as const)]} />
        <FilterSelect name="product" label="Product" value={query.product ?? ''} options={[['', 'Any product'], ...products.map((p) => [p.id, p.name] as const)]} />
        <FilterText name="batch" label="Batch number" value={query.batch ?? ''} />
        <FilterText name="from" label="Made from" type="date" value={query.from ?? ''} />
        <FilterText name="to" label="Made to" type="date" value={query.to ?? ''} />
        <input type="hidden" name="sort" value={query.sort} />
      </FilterForm>
      <ListBar>
        <ListCount total={total} one="payout" many="payouts" />
        {total > 0 && roleMay(role, 'payouts', 'write') && <CsvLink href={csvHref(consoleApiHref(CONSOLE_API.payoutsCsv, { brand }), kept)} />}
      </ListBar>
      <div className={tableWrap}>
        <table className="w-full border-collapse">
          <caption className="sr-only">Payouts</caption>
          <thead>
            <tr>
              {columns.map(([label, column]) => (
                <SortHeader key={label} label={label} column={column} sort={query.sort} kept={kept} />
              ))}
              <th scope="col" className={th}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {payouts.length === 0 && <EmptyRow columns={columns.length + 1}>No payouts match.</EmptyRow>}
            {payouts.map((p) => (
              <tr key={p.reference} data-testid={`payout-${p.reference}`} data-payout-row={p.reference}>
                <th scope="row" className={`${td} font-mono font-normal`}>{p.reference}</th>
                <td className={td}>{p.customerName}</td>
                <td className={td}>{p.rewardName}</td>
                <td className={td}>{p.productName || '—'}</td>
                <td className={td}>{p.amountText}</td>
                <td className={td}>{p.vpa ?? ''}</td>
                <td className={td}>
                  {STATUS_LABELS[p.status]}
                  {p.held && <span className="ml-1 rounded bg-amber-100 px-1 text-amber-900">held for a review</span>}
                  {p.failureReason && <span className="block text-red-800">{p.failureReason}</span>}
                </td>
                <td className={td}>{p.attempts}</td>
                <td className={td}>{p.bankRef ?? ''}</td>
                <td className={`${td} whitespace-nowrap`}><time dateTime={p.createdAt}>{consoleDateTime(p.createdAt, tz)}</time></td>
                <td className={`${td} whitespace-nowrap`}><time dateTime={p.updatedAt}>{consoleDateTime(p.updatedAt, tz)}</time></td>
                <td className={td}>{canWrite && p.status === 'TRANSFER_FAILED' && <RetryButton brand={brand} payout={p} />}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={query.page} pageSize={query.pageSize} total={total} query={kept} />
    </div>
  );
}
