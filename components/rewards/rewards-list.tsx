'use client';
import Link from 'next/link';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { moment } from '@/components/products/format';
import { errorMessageOf } from '@/lib/shared/fetch-rules';
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
  const { data: rewards, error, isPending } = useQuery(rewardsQuery());
  const profile = useProfile();
  if (isPending) return <p className="text-gray-800">Loading your rewards…</p>;
  if (error) return <Alert>{error.message}</Alert>;
  if (rewards.length === 0) {
    return (
      <div className="rounded-lg border border-gray-300 bg-white p-4" data-testid="no-rewards">
        <p className="font-semibold text-gray-900">No rewards yet.</p>
        <p className="mt-2 text-gray-800">Scan the hidden code of a genuine product after you buy it and follow its steps in My products to earn rewards.</p>
        <p className="mt-2"><Link className={link} href="/my-products">My products</Link></p>
      </div>
    );
  }
  return (
    <>
      <ul className="space-y-3" aria-label="Your rewards">
        {rewards.map((r) => (
          <RewardCard key={r.grantId} reward={r} vpa={profile.vpa ?? null} />
        ))}
      </ul>
      <p className="mt-6 flex flex-wrap gap-x-6 gap-y-2">
        <Link className={link} href="/transaction-history">Transaction history</Link>
        <Link className={link} href="/upi-details">UPI details</Link>
      </p>
    </>
  );
}

function RewardCard({ reward, vpa }: { reward: RewardGrant; vpa: string | null }) {
  return (
    <li className="rounded-lg border border-gray-300 bg-white p-4 shadow-sm" data-testid="reward">
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-lg font-semibold text-gray-900">{reward.type === 'Cashback' ? `${reward.amountText} cashback` : reward.name}</h2>
        <span className="rounded bg-brand-secondary px-2 py-0.5 text-xs font-semibold text-brand-text">{reward.type}</span>
      </div>
      {reward.type === 'Cashback' && <p className="text-gray-900">{reward.name}</p>}
      {reward.description && <p className="text-sm text-gray-800">{reward.description}</p>}
      <p className="mt-1 text-sm text-gray-700">For {reward.productName} · earned {moment(reward.earnedAt)}</p>
      <div className="mt-3">
        {reward.hold ? (
          <p role="status" className="text-gray-800" data-testid="reward-hold">
            {reward.hold}
          </p>
        ) : reward.type === 'Cashback' ? (
          <CashbackClaim reward={reward} vpa={vpa} />
        ) : (
          <CouponCode code={reward.couponCode} />
        )}
      </div>
    </li>
  );
}

const claimKeys = createClaimKeys();

function CashbackClaim({ reward, vpa }: { reward: RewardGrant; vpa: string | null }) {
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
      const message = errorMessageOf(undefined, err);
      setProblem({ message, needsVpa: errorFieldOf(err) === 'vpa' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <p className="mb-2 flex flex-wrap items-center gap-2 text-gray-800">
        <PayoutStatusBadge status={payout.status} />
        <span className="text-sm">{status.detail}</span>
      </p>
      {payout.status !== 'NOT_CLAIMED' && payout.vpa && <p className="text-sm text-gray-700">To {payout.vpa} · reference {payout.reference}</p>}
      {payout.status === 'NOT_CLAIMED' &&
        (vpa ? (
          <>
            {problem && (
              <Alert>
                {problem.message}
                {problem.needsVpa && <> <Link className="underline" href="/upi-details">Add your UPI id</Link></>}
              </Alert>
            )}
            <p className="mb-2 text-sm text-gray-800">It will be paid to {vpa}.</p>
            <Button type="button" busy={busy} onClick={claim}>
              {problem ? 'Try again' : `Claim ${reward.amountText}`}
            </Button>
          </>
        ) : (
          <div role="note" className="rounded-md border-l-4 border-amber-700 bg-amber-50 p-3 text-amber-900" data-testid="needs-vpa">
            Add your UPI id to claim this cashback. <Link className="font-semibold underline" href="/upi-details">Add your UPI id</Link>
          </div>
        ))}
    </div>
  );
}

function CouponCode({ code }: { code: string | null }) {
  const [copied, setCopied] = useState<'yes' | 'failed'>();
  const codeRef = useRef<HTMLElement>(null);
  if (!code) return <p className="text-gray-800">Your code will appear here.</p>;
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
      <span className="text-sm text-gray-800">Your code</span>
      <code ref={codeRef} className="rounded border border-dashed border-gray-500 bg-gray-50 px-3 py-1 text-lg font-semibold tracking-wider text-gray-900" data-testid="coupon-code">
        {code}
      </code>
      <button type="button" onClick={copy} className="min-h-11 rounded-lg border border-gray-400 bg-white px-3 font-semibold text-gray-900">
        Copy code
      </button>
      <span role="status" className="text-sm text-gray-800">
        {copied === 'yes' ? 'Copied.' : copied === 'failed' ? 'Could not copy; the code is selected, copy it by hand.' : ''}
      </span>
    </div>
  );
}
