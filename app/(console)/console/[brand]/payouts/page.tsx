import Link from 'next/link';
import { consoleDateTime } from '@/lib/shared/console-time';
import { requireStaffPage } from '@/lib/server/console-session';
import { listPayouts } from '@/lib/console/payouts';
import { roleMay } from '@/lib/domain/staff-roles';
import { PAYOUT_STATUSES, type PayoutStatus } from '@/lib/domain/payouts';
import { PayoutActions, RetryButton } from '@/components/console/payout-actions';

// /<brand>/payouts on the console host: the brand's payouts by status (filter links work without
// JavaScript), and for owner and finance the bank file export, the result import and retries.

const STATUS_LABELS: Record<PayoutStatus, string> = {
  DEFAULT: 'Created',
  NOT_CLAIMED: 'Not claimed',
  TRANSFER_PENDING: 'Waiting for export',
  PENDING_AT_BANK: 'At the bank',
  TRANSFER_COMPLETED: 'Paid',
  TRANSFER_FAILED: 'Failed',
};

const PAGE_SIZE = 500;


export default async function PayoutsPage({ params, searchParams }: { params: Promise<{ brand: string }>; searchParams: Promise<{ status?: string | string[] }> }) {
  const { brand } = await params;
  const { timeZone: tz, scope, role } = await requireStaffPage(brand, 'payouts', 'read');
  const raw = (await searchParams).status;
  const status = PAYOUT_STATUSES.find((s) => s === raw);
  const { payouts, counts } = await listPayouts(scope, { status, limit: PAGE_SIZE });
  const canWrite = roleMay(role, 'payouts', 'write');
  const link = (s?: PayoutStatus) => (s ? `/${brand}/payouts?status=${s}` : `/${brand}/payouts`);
  return (
    <div>
      <h1 id="page-title" tabIndex={-1} className="mb-4 text-2xl font-bold text-gray-900">Payouts</h1>
      {canWrite && <PayoutActions brand={brand} waiting={counts.TRANSFER_PENDING} atBank={counts.PENDING_AT_BANK} />}
      <nav aria-label="Payouts by status" className="mb-4">
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link href={link()} aria-current={status ? undefined : 'page'} className={`inline-flex min-h-11 items-center rounded-full border px-4 ${status ? 'border-gray-500 text-gray-900' : 'border-blue-800 bg-blue-800 text-white'}`}>
              All
            </Link>
          </li>
          {PAYOUT_STATUSES.filter((s) => s !== 'DEFAULT').map((s) => (
            <li key={s}>
              <Link
                href={link(s)}
                aria-current={status === s ? 'page' : undefined}
                data-testid={`payout-count-${s}`}
                className={`inline-flex min-h-11 items-center rounded-full border px-4 ${status === s ? 'border-blue-800 bg-blue-800 text-white' : 'border-gray-500 text-gray-900'}`}
              >
                {STATUS_LABELS[s]}: {counts[s]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {payouts.length === 0 ? (
        <p className="text-gray-800">No payouts{status ? ` ${STATUS_LABELS[status].toLowerCase()}` : ''}.</p>
      ) : (
        <div className="overflow-x-auto">
          {payouts.length >= PAGE_SIZE && <p className="mb-2 text-gray-800">The {PAGE_SIZE} most recently changed are shown; choose a status to narrow the list.</p>}
          <table className="w-full border-collapse bg-white text-left text-sm">
            <caption className="sr-only">Payouts{status ? `: ${STATUS_LABELS[status]}` : ''}</caption>
            <thead>
              <tr className="border-b border-gray-400">
                {['Reference', 'Customer', 'Reward', 'Amount', 'UPI id', 'Status', 'Attempts', 'Bank', 'Updated', ''].map((h, i) => (
                  <th key={i} scope="col" className="px-2 py-2 font-semibold text-gray-900">{h || <span className="sr-only">Actions</span>}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {payouts.map((p) => (
                <tr key={p.reference} className="border-b border-gray-200 align-top" data-testid={`payout-${p.reference}`}>
                  <td className="px-2 py-2 font-mono">{p.reference}</td>
                  <td className="px-2 py-2">{p.customerName}</td>
                  <td className="px-2 py-2">{p.rewardName}</td>
                  <td className="px-2 py-2">{p.amountText}</td>
                  <td className="px-2 py-2">{p.vpa ?? ''}</td>
                  <td className="px-2 py-2">
                    {STATUS_LABELS[p.status]}
                    {p.held && <span className="ml-1 rounded bg-amber-100 px-1 text-amber-900">held for a review</span>}
                    {p.failureReason && <span className="block text-red-800">{p.failureReason}</span>}
                  </td>
                  <td className="px-2 py-2">{p.attempts}</td>
                  <td className="px-2 py-2">{p.bankRef ?? ''}</td>
                  <td className="px-2 py-2 whitespace-nowrap">{consoleDateTime(p.settledAt ?? p.claimedAt ?? p.createdAt, tz)}</td>
                  <td className="px-2 py-2">{canWrite && p.status === 'TRANSFER_FAILED' && <RetryButton brand={brand} payout={p} />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
