import Link from 'next/link';
import { notFound } from 'next/navigation';
import { consoleDateTime } from '@/lib/shared/console-time';
import { requireStaffPage } from '@/lib/server/console-session';
import { callRoute } from '@/lib/server/call-route';
import { consoleDisputeRoute } from '@/lib/server/routes';
import { roleMay } from '@/lib/domain/staff-roles';
import { ApiRequestError } from '@/lib/shared/fetch-rules';
import { disputeIdSchema, disputePhotoUrl } from '@/lib/schemas/disputes';
import { DisputeActions } from '@/components/console/dispute-actions';

// One disputed claim: the photo of the pack, what the customer says of the purchase, both
// claimants (the claims area's readers are the roles that may see who claimed a unit), the unit's
// scans in sum, and, for the claims area's writers, the two decisions, each confirmed first.

export const metadata = { title: 'Disputed claim' };

const STATUS_LABELS = { open: 'Open: needs a decision', moved: 'Claim moved to the disputing customer', rejected: 'Rejected' } as const;
const link = 'text-blue-800 underline underline-offset-2';

export default async function DisputePage({ params }: { params: Promise<{ brand: string; disputeId: string }> }) {
  const { brand, disputeId } = await params;
  const { timeZone: tz, role } = await requireStaffPage(brand, 'claims', 'read');
  const id = disputeIdSchema.safeParse(decodeURIComponent(disputeId));
  if (!id.success) notFound();
  const d = await callRoute(consoleDisputeRoute, { params: { brand, disputeId: id.data } }).catch((err: unknown) => {
    if (err instanceof ApiRequestError && [400, 404, 422].includes(err.status)) notFound();
    throw err;
  });
  const when = (iso: string | null) => (iso ? consoleDateTime(iso, tz) : '—');
  const rows: Array<[string, React.ReactNode]> = [
    ['State', STATUS_LABELS[d.status]],
    ['Product', `${d.productName} (batch ${d.batchNumber})`],
    ['Unit', d.overtQrId ? <Link href={`/${brand}/codes/${encodeURIComponent(d.overtQrId)}`} className={link}>{d.overtQrId} (its timeline)</Link> : '—'],
    ...(d.hiddenQrId ? ([['Hidden code checked', <span key="h" className="font-mono">{d.hiddenQrId}</span>]] as Array<[string, React.ReactNode]>) : []),
    ['Sent', when(d.createdAt)],
    ['Where and when bought', d.purchase || 'Not said'],
  ];
  const s = d.scans;
  return (
    <article aria-labelledby="dispute-title">
      <p className="mb-2 text-sm"><Link href={`/${brand}/disputes`} className={link}>Back to disputed claims</Link></p>
      <h1 id="dispute-title" tabIndex={-1} className="mb-4 text-2xl font-bold text-gray-900">Dispute {d.id}</h1>
      <dl className="mb-4 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 rounded-lg border border-gray-300 bg-white p-4 text-sm" data-testid="dispute-facts">
        {rows.map(([k, v]) => [
          <dt key={`${k}-t`} className="font-semibold text-gray-900">{k}</dt>,
          <dd key={`${k}-d`} className="whitespace-pre-wrap break-words text-gray-900">{v}</dd>,
        ])}
      </dl>

      <section aria-labelledby="claimants-title" className="mb-4 rounded-lg border border-gray-300 bg-white p-4">
        <h2 id="claimants-title" className="mb-2 text-lg font-semibold text-gray-900">Claimants</h2>
        <ul className="space-y-2 text-sm text-gray-900" data-testid="claimants">
          <li>
            <span className="font-semibold">Disputed by:</span> {d.disputer.name}
            {d.disputer.contact && <> · {d.disputer.contact}</>} · {s.byDisputer} {s.byDisputer === 1 ? 'check' : 'checks'} of this unit
          </li>
          <li>
            <span className="font-semibold">Claimed, when the dispute was sent, by:</span>{' '}
            {d.claimantThen ? <>{d.claimantThen.name}, on {when(d.claimantThen.claimedAt)}</> : 'nobody'}
          </li>
          <li>
            <span className="font-semibold">Claimed now by:</span>{' '}
            {d.claimNow ? <>{d.claimNow.customerId === d.disputer.customerId ? `${d.claimNow.name} (the disputing customer)` : d.claimNow.name}, since {when(d.claimNow.claimedAt)}</> : 'nobody'}
          </li>
        </ul>
      </section>

      <section aria-labelledby="scans-title" className="mb-4 rounded-lg border border-gray-300 bg-white p-4">
        <h2 id="scans-title" className="mb-2 text-lg font-semibold text-gray-900">Checks of this unit</h2>
        <p className="text-sm text-gray-900" data-testid="dispute-scans">
          {s.total} {s.total === 1 ? 'check' : 'checks'} by {s.people} {s.people === 1 ? 'session' : 'sessions'}
          {s.first && <>, from {when(s.first)} to {when(s.last)}</>}.
        </p>
        {s.byResult.length > 0 && (
          <ul className="mt-1 list-disc pl-5 text-sm text-gray-900">
            {s.byResult.map((r) => <li key={r.result}>{r.result === 'Product Cliamed' ? 'Product Claimed' : r.result}: {r.count}</li>)}
          </ul>
        )}
      </section>

      <section aria-labelledby="photo-title" className="mb-4 rounded-lg border border-gray-300 bg-white p-4">
        <h2 id="photo-title" className="mb-2 text-lg font-semibold text-gray-900">Photo of the pack</h2>
        {d.hasPhoto ? (
          <>
            {/* Served by the console API with its stored type, nosniff and a sandbox; never run. */}
            {/* eslint-disable-next-line @next/next/no-img-element */}
            <img src={`${disputePhotoUrl(brand, d.id)}?disposition=inline`} alt={`Photo of the pack sent with dispute ${d.id}`} className="max-h-96 max-w-full rounded border border-gray-300" />
            <p className="mt-2 text-sm"><a href={`${disputePhotoUrl(brand, d.id)}?disposition=inline`} target="_blank" rel="noopener" className={link}>Open the photo in a new tab</a></p>
          </>
        ) : (
          <p className="text-sm text-gray-800">The photo was erased with the customer&apos;s account.</p>
        )}
      </section>

      {d.decision ? (
        <section aria-labelledby="decision-title" className="rounded-lg border border-gray-300 bg-white p-4" data-testid="dispute-decision">
          <h2 id="decision-title" className="mb-2 text-lg font-semibold text-gray-900">Decision</h2>
          <p className="text-sm text-gray-900">{STATUS_LABELS[d.status]} by {d.decision.by} on {when(d.decision.at)}.</p>
          {d.decision.reason && <p className="mt-1 whitespace-pre-wrap text-sm text-gray-900">Reason: {d.decision.reason}</p>}
        </section>
      ) : roleMay(role, 'claims', 'write') ? (
        <DisputeActions brand={brand} disputeId={d.id} moves={d.moves} parties={{ disputer: d.disputer.name, holder: d.claimNow?.name ?? null, unit: d.overtQrId }} titleId="dispute-title" />
      ) : (
        <p className="text-sm text-gray-800">Your role may read disputed claims; the owner or support decide them.</p>
      )}
    </article>
  );
}
