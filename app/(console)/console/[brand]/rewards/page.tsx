import { requireStaffPage } from '@/lib/server/console-session';
import { callRoute } from '@/lib/server/call-route';
import { consoleJourneysRoute, consoleRewardsListRoute } from '@/lib/server/routes';
import { roleMay } from '@/lib/domain/staff-roles';
import { CouponUploadForm, EditRewardForm, NewRewardForm } from '@/components/console/reward-forms';
import { JourneyEditor } from '@/components/console/journey-editor';

// /<brand>/rewards on the console host: rewards with their budgets (spent and remaining), coupon
// pools and the products' scan journeys. Owner, manager and finance change them; the analyst reads.

export default async function RewardsPage({ params }: { params: Promise<{ brand: string }> }) {
  const { brand } = await params;
  const { role } = await requireStaffPage(brand, 'rewards', 'read');
  const [{ rewards }, { journeys }] = await Promise.all([callRoute(consoleRewardsListRoute, { params: { brand } }), callRoute(consoleJourneysRoute, { params: { brand } })]);
  const canWrite = roleMay(role, 'rewards', 'write');
  return (
    <div>
      <h1 id="page-title" tabIndex={-1} className="mb-4 text-2xl font-bold text-gray-900">Rewards and journeys</h1>
      {canWrite && <NewRewardForm brand={brand} />}
      <section aria-labelledby="rewards-title" className="mb-8">
        <h2 id="rewards-title" className="mb-3 text-lg font-semibold text-gray-900">Rewards</h2>
        {rewards.length === 0 ? (
          <p className="text-gray-800">No rewards yet.</p>
        ) : (
          <ul className="space-y-3">
            {rewards.map((r) => (
              <li key={r.rewardId} className="rounded-lg border border-gray-300 bg-white p-4" data-testid={`reward-${r.rewardId}`}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="font-semibold text-gray-900">
                    {r.name} <span className="font-normal text-gray-700">({r.type}{r.amountText ? `, ${r.amountText} each` : ''}{r.couponCode ? `, code ${r.couponCode}` : ''})</span>
                  </h3>
                  <span className={r.active ? 'text-green-800' : 'text-gray-700'}>{r.active ? 'Active' : 'Off'}</span>
                </div>
                <dl className="mt-2 grid grid-cols-2 gap-x-4 text-sm sm:grid-cols-4">
                  <div><dt className="text-gray-700">Budget</dt><dd className="text-gray-900">{r.budgetText}</dd></div>
                  <div><dt className="text-gray-700">Spent</dt><dd className="text-gray-900">{r.usedText}</dd></div>
                  <div><dt className="text-gray-700">Remaining</dt><dd className="text-gray-900">{r.remainingText}</dd></div>
                  {r.pool && <div><dt className="text-gray-700">Codes left in the pool</dt><dd className="text-gray-900">{r.poolLeft}</dd></div>}
                </dl>
                {canWrite && (
                  <details className="mt-2">
                    <summary className="min-h-11 cursor-pointer py-2 font-medium text-blue-900">Edit {r.name}</summary>
                    <EditRewardForm brand={brand} reward={r} />
                    {r.pool && <CouponUploadForm brand={brand} reward={r} />}
                  </details>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="journeys-title">
        <h2 id="journeys-title" className="mb-3 text-lg font-semibold text-gray-900">Scan journeys</h2>
        {journeys.length === 0 ? (
          <p className="text-gray-800">No products yet: add one in the catalogue first.</p>
        ) : (
          journeys.map((j) => <JourneyEditor key={j.productId} brand={brand} journey={j} rewards={rewards} canWrite={canWrite} />)
        )}
      </section>
    </div>
  );
}
