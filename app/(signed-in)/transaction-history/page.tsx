import Link from 'next/link';
import { ModuleScreen } from '@/components/pages/module-screen.server';
import { LoadProblem } from '@/components/products/load-problem';
import { load } from '@/components/products/load.server';
import { callRoute } from '@/lib/server/call-route';
import { transactionsRoute } from '@/lib/server/routes';
import { moment } from '@/components/products/format';
import { PayoutStatusBadge } from '@/components/rewards/status-badge';
import { payoutStatusText } from '@/components/rewards/payout-status';

const link = 'font-medium text-brand-primary underline';

// /transaction-history — the customer's payouts and their status (GET /api/customer/transactions).
export default async function TransactionHistoryPage() {
  const loaded = await load(callRoute(transactionsRoute));
  return (
    <ModuleScreen title="Transaction history" flag="isLoyalityProgramEnabled" intro="The cashback payments to your UPI id and their status.">
      {!loaded.ok ? (
        <LoadProblem status={loaded.status} message={loaded.message} back={{ href: '/rewards', label: 'Back to rewards' }} />
      ) : loaded.data.transactions.length === 0 ? (
        <p className="rounded-lg border border-gray-300 bg-white p-4 text-gray-800" data-testid="no-transactions">
          No payments yet. Claim a cashback on <Link className={link} href="/rewards">Rewards</Link> and it appears here.
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Payments">
          {loaded.data.transactions.map((t) => (
            <li key={t.payoutId} className="rounded-lg border border-gray-300 bg-white p-4 shadow-sm" data-testid="transaction">
              <div className="flex items-start justify-between gap-2">
                <p className="text-xl font-bold text-gray-900">{t.amountText}</p>
                <PayoutStatusBadge status={t.status} />
              </div>
              <p className="text-gray-900">{t.rewardName}</p>
              <p className="text-sm text-gray-800">{payoutStatusText(t.status).detail}</p>
              {t.status === 'TRANSFER_FAILED' && t.failureReason && <p className="text-sm text-red-800">Reason: {t.failureReason}</p>}
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-gray-800">
                <dt className="font-medium">Reference</dt>
                <dd className="break-all">{t.reference}</dd>
                {t.vpa && (
                  <>
                    <dt className="font-medium">UPI id</dt>
                    <dd className="break-all">{t.vpa}</dd>
                  </>
                )}
                {t.claimedAt && (
                  <>
                    <dt className="font-medium">Claimed</dt>
                    <dd>{moment(t.claimedAt)}</dd>
                  </>
                )}
                {t.settledAt && (
                  <>
                    <dt className="font-medium">{t.status === 'TRANSFER_FAILED' ? 'Failed' : 'Paid'}</dt>
                    <dd>{moment(t.settledAt)}</dd>
                  </>
                )}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </ModuleScreen>
  );
}
