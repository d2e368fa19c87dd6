import 'server-only';
import { unstable_rethrow } from 'next/navigation';
import { callRoute } from '@/lib/server/call-route';
import { myDisputesRoute } from '@/lib/server/routes';
import { pageLanguage } from '@/lib/server/i18n';

// The customer's disputed claims and their state, on /my-products (where a moved claim arrives):
// shown only when there are some. Never says who else claimed the unit.

const STATUS_KEY = { open: 'dispute.statusOpen', moved: 'dispute.statusMoved', rejected: 'dispute.statusRejected' } as const;

export async function MyDisputes() {
  const [{ t, f }, list] = await Promise.all([
    pageLanguage(),
    callRoute(myDisputesRoute).catch((err: unknown) => {
      unstable_rethrow(err);
      return null;
    }),
  ]);
  if (!list || list.disputes.length === 0) return null;
  return (
    <section aria-labelledby="my-disputes-title" className="mt-8">
      <h2 id="my-disputes-title" className="mb-3 text-xl font-semibold text-gray-900">{t('dispute.yours')}</h2>
      <ul className="space-y-3">
        {list.disputes.map((d) => (
          <li key={d.disputeId} className="rounded-lg border border-gray-300 bg-white p-4 shadow-sm" data-testid="my-dispute" data-status={d.status}>
            <p className="font-semibold text-gray-900">{d.productName}</p>
            <p className="text-gray-900">{t(STATUS_KEY[d.status])}</p>
            {d.reason && <p className="text-gray-800">{t('dispute.reason', { reason: d.reason })}</p>}
            <p className="text-sm text-gray-700">{t('dispute.reference', { reference: d.disputeId })} · {t('dispute.sentOn', { date: f.moment(d.createdAt) })}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
