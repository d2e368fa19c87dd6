'use client';
import Link from 'next/link';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessageOf } from '@/lib/shared/fetch-rules';
import { apiErrorText } from '@/lib/shared/api-error-words';
import type { I18n } from '@/lib/shared/i18n';
import { useI18nWithFormats } from '@/components/shell/use-formats';
import { rupeesOf } from './amount';
import { errorFieldOf } from '@/lib/client/form-errors';
import { useProfile } from '@/components/shell/profile';
import { claimReward, rewardsQuery } from '@/lib/client/queries/rewards';
import type { RewardGrant } from '@/lib/schemas/rewards';
import { createClaimKeys } from './claim-key';
import { payoutStatusText } from './payout-status';
import { PayoutStatusBadge } from './status-badge';

const link = 'font-medium text-brand-primary underline';

// /rewards — earned rewards: a cashback is claimed to the UPI id, a coupon shows its code.
export function RewardsList() {
  const i18n = useI18nWithFormats();
  const { t, locale } = i18n;
  const { data: rewards, error, isPending } = useQuery(rewardsQuery());
  const profile = useProfile();
  if (isPending) return <p className="text-gray-800">{t('rewards.loading')}</p>;
  if (error) return <Alert>{apiErrorText(locale, t, error) ?? error.message}</Alert>;
  if (rewards.length === 0) {
    return (
      <div className="rounded-lg border border-gray-300 bg-white p-4" data-testid="no-rewards">
        <p className="font-semibold text-gray-900">{t('rewards.none')}</p>
        <p className="mt-2 text-gray-800">{t('rewards.noneText')}</p>
        <p className="mt-2"><Link className={link} href="/my-products">{t('module.myProducts')}</Link></p>
      </div>
    );
  }
  return (
    <>
      <ul className="space-y-3" aria-label={t('rewards.yours')}>
        {rewards.map((r) => (
          <RewardCard key={r.grantId} reward={r} vpa={profile.vpa ?? null} i18n={i18n} />
        ))}
      </ul>
      <p className="mt-6 flex flex-wrap gap-x-6 gap-y-2">
        <Link className={link} href="/transaction-history">{t('rewards.transactions')}</Link>
        <Link className={link} href="/upi-details">{t('upi.title')}</Link>
      </p>
    </>
  );
}

function RewardCard({ reward, vpa, i18n }: { reward: RewardGrant; vpa: string | null; i18n: I18n }) {
  const { t, f } = i18n;
  return (
    <li className="rounded-lg border border-gray-300 bg-white p-4 shadow-sm" data-testid="reward">
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-lg font-semibold text-gray-900">{reward.type === 'Cashback' ? t('rewards.cashbackOf', { amount: rupeesOf(i18n, reward) }) : reward.name}</h2>
        <span className="rounded bg-brand-secondary px-2 py-0.5 text-xs font-semibold text-brand-text">{t(reward.type === 'Cashback' ? 'rewards.typeCashback' : 'rewards.typeCoupon')}</span>
      </div>
      {reward.type === 'Cashback' && <p className="text-gray-900">{reward.name}</p>}
      {reward.description && <p className="text-sm text-gray-800">{reward.description}</p>}
      <p className="mt-1 text-sm text-gray-700">{t('rewards.earnedFor', { product: reward.productName, date: f.moment(reward.earnedAt) })}</p>
      <div className="mt-3">
        {reward.hold ? (
          // Held while the brand checks the unit for copies: said by the reward's type (the API's words are English).
          <p role="status" className="text-gray-800" data-testid="reward-hold">
            {t(reward.type === 'Coupon' ? 'rewards.holdCoupon' : 'rewards.holdCashback')}
          </p>
        ) : reward.type === 'Cashback' ? (
          <CashbackClaim reward={reward} vpa={vpa} i18n={i18n} />
        ) : (
          <CouponCode code={reward.couponCode} i18n={i18n} />
        )}
      </div>
    </li>
  );
}

const claimKeys = createClaimKeys();

function CashbackClaim({ reward, vpa, i18n }: { reward: RewardGrant; vpa: string | null; i18n: I18n }) {
  const { t, locale } = i18n;
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ message: string; needsVpa: boolean }>();
  const payout = reward.payout;
  if (!payout) return null;
  const status = payoutStatusText(payout.status);

  async function claim() {
    setBusy(true);
    setProblem(undefined);
    try {
      const key = claimKeys.keyFor(reward.grantId);
      try {
        await claimReward(reward.grantId, key);
        claimKeys.settle(reward.grantId);
      } catch (err) {
        claimKeys.settle(reward.grantId, err);
        throw err;
      }
      await queryClient.invalidateQueries({ queryKey: rewardsQuery().queryKey });
    } catch (err) {
      const message = apiErrorText(locale, t, err) ?? errorMessageOf(undefined, err);
      setProblem({ message, needsVpa: errorFieldOf(err) === 'vpa' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <p className="mb-2 flex flex-wrap items-center gap-2 text-gray-800">
        <PayoutStatusBadge status={payout.status} t={t} />
        <span className="text-sm">{t(status.detail)}</span>
      </p>
      {payout.status !== 'NOT_CLAIMED' && payout.vpa && <p className="text-sm text-gray-700">{t('rewards.paidTo', { vpa: payout.vpa, reference: payout.reference })}</p>}
      {payout.status === 'NOT_CLAIMED' &&
        (vpa ? (
          <>
            {problem && (
              <Alert>
                {problem.message}
                {problem.needsVpa && <> <Link className="underline" href="/upi-details">{t('rewards.addVpa')}</Link></>}
              </Alert>
            )}
            <p className="mb-2 text-sm text-gray-800">{t('rewards.willBePaidTo', { vpa })}</p>
            <Button type="button" busy={busy} onClick={claim}>
              {problem ? t('rewards.tryAgain') : t('rewards.claim', { amount: rupeesOf(i18n, reward) })}
            </Button>
          </>
        ) : (
          <div role="note" className="rounded-md border-l-4 border-amber-700 bg-amber-50 p-3 text-amber-900" data-testid="needs-vpa">
            {t('rewards.needsVpa')} <Link className="font-semibold underline" href="/upi-details">{t('rewards.addVpa')}</Link>
          </div>
        ))}
    </div>
  );
}

function CouponCode({ code, i18n: { t } }: { code: string | null; i18n: I18n }) {
  const [copied, setCopied] = useState<'yes' | 'failed'>();
  const codeRef = useRef<HTMLElement>(null);
  if (!code) return <p className="text-gray-800">{t('rewards.codeLater')}</p>;
  async function copy() {
    try {
      await navigator.clipboard.writeText(code!);
      setCopied('yes');
    } catch {
      // No clipboard permission: select the code so the customer can copy it by hand.
      const sel = window.getSelection();
      if (codeRef.current && sel) {
        sel.selectAllChildren(codeRef.current);
      }
      setCopied('failed');
    }
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      <span className="text-sm text-gray-800">{t('rewards.yourCode')}</span>
      <code ref={codeRef} className="rounded border border-dashed border-gray-500 bg-gray-50 px-3 py-1 text-lg font-semibold tracking-wider text-gray-900" data-testid="coupon-code">
        {code}
      </code>
      <button type="button" onClick={copy} className="min-h-11 rounded-lg border border-gray-400 bg-white px-3 font-semibold text-gray-900">
        {t('rewards.copy')}
      </button>
      <span role="status" className="text-sm text-gray-800">
        {copied === 'yes' ? t('rewards.copied') : copied === 'failed' ? t('rewards.copyFailed') : ''}
      </span>
    </div>
  );
}
