import Link from 'next/link';
import { ModuleScreen } from '@/components/pages/module-screen.server';
import { LoadProblem } from '@/components/products/load-problem';
import { load } from '@/components/products/load.server';
import { callRoute } from '@/lib/server/call-route';
import { transactionsRoute } from '@/lib/server/routes';
import { PayoutStatusBadge } from '@/components/rewards/status-badge';
import { payoutStatusText } from '@/components/rewards/payout-status';
import { pageLanguage } from '@/lib/server/i18n';

const link = 'font-medium text-brand-primary underline';

// /transaction-history — the customer's payouts and their status (GET /api/customer/transactions).
export default async function TransactionHistoryPage() {
  const [loaded, i18n] = await Promise.all([load(callRoute(transactionsRoute)), pageLanguage()]);
  const { t, f } = i18n;
  const [before, after = ''] = t('rewards.noPayments').split('{link}');
  return (
    <ModuleScreen title={t('rewards.transactions')} flag="isLoyalityProgramEnabled" intro={t('rewards.transactionsIntro')}>
      {!loaded.ok ? (
        <LoadProblem status={loaded.status} message={loaded.message} error={loaded.error} i18n={i18n} back={{ href: '/rewards', label: t('rewards.back') }} />
      ) : loaded.data.transactions.length === 0 ? (
        <p className="rounded-lg border border-gray-300 bg-white p-4 text-gray-800" data-testid="no-transactions">
          {/* The link sits where the sentence of each language puts {link}. */}
          {before}
          <Link className={link} href="/rewards">{t('module.rewards')}</Link>
          {after}
        </p>
      ) : (
        <ul className="space-y-3" aria-label={t('rewards.payments')}>
          {loaded.data.transactions.map((p) => (
            <li key={p.payoutId} className="rounded-lg border border-gray-300 bg-white p-4 shadow-sm" data-testid="transaction">
              <div className="flex items-start justify-between gap-2">
                <p className="text-xl font-bold text-gray-900">{f.rupees(p.amount / 100)}</p>
                <PayoutStatusBadge status={p.status} t={t} />
              </div>
              <p className="text-gray-900">{p.rewardName}</p>
              <p className="text-sm text-gray-800">{t(payoutStatusText(p.status).detail)}</p>
              {/* The bank's own words, as it gave them. */}
              {p.status === 'TRANSFER_FAILED' && p.failureReason && <p className="text-sm text-red-800">{t('rewards.failureReason', { reason: p.failureReason })}</p>}
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-gray-800">
                <dt className="font-medium">{t('rewards.reference')}</dt>
                <dd className="break-all">{p.reference}</dd>
                {p.bankRef && (
                  <>
                    <dt className="font-medium">{t('rewards.bankRef')}</dt>
                    <dd className="break-all" data-testid="bank-ref">{p.bankRef}</dd>
                  </>
                )}
                {p.vpa && (
                  <>
                    <dt className="font-medium">{t('upi.label')}</dt>
                    <dd className="break-all">{p.vpa}</dd>
                  </>
                )}
                {p.claimedAt && (
                  <>
                    <dt className="font-medium">{t('products.claimed')}</dt>
                    <dd>{f.moment(p.claimedAt)}</dd>
                  </>
                )}
                {p.settledAt && (
                  <>
                    <dt className="font-medium">{p.status === 'TRANSFER_FAILED' ? t('rewards.failed') : t('rewards.paid')}</dt>
                    <dd>{f.moment(p.settledAt)}</dd>
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
