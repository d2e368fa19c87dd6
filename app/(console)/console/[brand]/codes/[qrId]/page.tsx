import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { consoleDate, consoleDateTime } from '@/lib/shared/console-time';
import { requireStaffPage } from '@/lib/server/console-session';
import { callRoute } from '@/lib/server/call-route';
import { consoleCodeRoute } from '@/lib/server/routes';
import { roleMay, rolePrints } from '@/lib/domain/staff-roles';
import { ApiRequestError } from '@/lib/shared/fetch-rules';
import { isWellFormedQrId } from '@/lib/domain/qr-id';
import { CodeStateBadge } from '@/components/console/code-state-badge';
import { CodeActions } from '@/components/console/code-actions';
import { TrackingForm } from '@/components/console/tracking-form';
import { TableScroll } from '@/components/console/table-kit';
import { Gs1KeyForm } from '@/components/console/catalogue/gs1-key-form';
import { SuspectMarkForm } from '@/components/console/suspect-mark-form';

// /<brand>/codes/<qrId> on the console host: the code and its story, oldest first: scans (time,
// coarse place, session, result, risk), claim, tracking, warranty, rewards, red flags. Owners
// and managers also see blacklist / whitelist and delete (with a confirmation step) and record
// tracking events, and change a unit's GS1 serial. Those who act on red flags (owner, manager,
// support) mark a unit suspect, or clear the mark, each with a reason; the brand's marks and their
// clearings are on the page's timeline (docs/verification.md, "The brand's decision").

export const metadata: Metadata = { title: 'Code' };

type Props = { params: Promise<{ brand: string; qrId: string }> };

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default async function CodePage({ params }: Props) {
  const { brand, qrId: rawQrId } = await params;
  const { timeZone: tz, role } = await requireStaffPage(brand, 'codes', 'read');
  const qrId = decodeURIComponent(rawQrId);
  if (!isWellFormedQrId(qrId)) notFound();
  const detail = await callRoute(consoleCodeRoute, { params: { brand, qrId } }).catch((err: unknown) => {
    if (err instanceof ApiRequestError && [400, 404, 422].includes(err.status)) notFound();
    throw err;
  });
  const { code } = detail;
  const facts: Array<[string, string]> = [
    ['Kind', code.batchLevel ? 'batch-level' : code.kind],
    ['Product', code.product],
    ['Batch', code.batch],
    ['Batch expiry', detail.batchExpiry || 'none'],
    ['Unit', code.unit || 'none'],
    ['Authentication code', code.authCode || (rolePrints(role) ? 'none' : 'hidden from your role')],
    ['Created', consoleDate(code.createdAt, tz)],
  ];
  // A unit's GS1 serial (AI 21, docs/gs1.md): kept on its visible code; its qrId unless one is set.
  const { unitSerial } = detail;
  // The brand's decisions on the unit, in time order: each mark, and its clearing once cleared.
  const decisions = detail.suspectMarks
    .flatMap((m) => [
      { at: m.markedAt, text: `Marked suspect by ${m.markedBy}: ${m.reason}` },
      ...(m.clearedAt ? [{ at: m.clearedAt, text: `Mark cleared by ${m.clearedBy}: ${m.clearReason}` }] : []),
    ])
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const markedNow = detail.suspectMarks.some((m) => !m.clearedAt);
  if (unitSerial) facts.push(['GS1 serial', unitSerial.serial ?? `${unitSerial.effective} (the visible code's qrId)`]);
  return (
    <div className="space-y-8">
      <div>
        <p>
          <a href={`/${brand}/codes`} className="text-blue-800 underline">
            Back to codes
          </a>
        </p>
        <h1 id="page-title" tabIndex={-1} className="mt-2 text-2xl font-bold text-gray-900">
          Code <span className="font-mono">{code.qrId}</span>
        </h1>
        <p className="mt-1">
          <CodeStateBadge state={code.state} />
        </p>
      </div>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2" data-testid="code-facts">
        {facts.map(([k, v]) => (
          <div key={k} className="flex gap-2">
            <dt className="font-medium text-gray-700">{k}:</dt>
            <dd className="text-gray-900">{v}</dd>
          </div>
        ))}
      </dl>
      {roleMay(role, 'codes', 'write') && <CodeActions brand={brand} qrId={code.qrId} state={code.state} />}
      {code.unit && !code.batchLevel && roleMay(role, 'redFlags', 'write') && <SuspectMarkForm brand={brand} qrId={code.qrId} marked={markedNow} />}
      {unitSerial && roleMay(role, 'catalogue', 'write') && (
        <Section id="gs1-serial-title" title="GS1 serial">
          <Gs1KeyForm brand={brand} id={code.qrId} field="serial" value={unitSerial.serial ?? ''} />
        </Section>
      )}
      {code.unit && (
        <Section id="decisions-title" title="The brand's decisions">
          {decisions.length === 0 ? (
            <p className="text-gray-800">The brand has not marked this unit suspect.</p>
          ) : (
            <ol className="list-decimal pl-6 text-gray-900" data-testid="suspect-timeline">
              {decisions.map((d, i) => (
                <li key={`${d.at}-${i}`}>
                  <time dateTime={d.at}>{consoleDateTime(d.at, tz)}</time>
                  {`: ${d.text}`}
                </li>
              ))}
            </ol>
          )}
          {markedNow && <p className="font-medium text-red-800">Marked suspect now: other people&apos;s checks of this unit answer suspect.</p>}
        </Section>
      )}
      <Section id="scans-title" title={`Scans (${detail.scans.length})`}>
        {detail.scans.length === 0 ? (
          <p className="text-gray-800">This unit has not been scanned.</p>
        ) : (
          <TableScroll captionId="scans-table-caption">
            <table className="w-full text-left text-sm" data-testid="timeline-table">
              <caption id="scans-table-caption" className="sr-only">Scans of this unit, oldest first</caption>
              <thead className="bg-gray-100">
                <tr>
                  {['Time', 'Code scanned', 'Kind', 'Result', 'Risk', 'Session', 'Place'].map((h) => (
                    <th key={h} scope="col" className="px-2 py-1">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {detail.scans.map((s, i) => (
                  <tr key={`${s.at}-${i}`} className="border-t border-gray-200">
                    <td className="px-2 py-1"><time dateTime={s.at}>{consoleDateTime(s.at, tz)}</time></td>
                    <td className="px-2 py-1 font-mono">{s.qrId}</td>
                    <td className="px-2 py-1">{s.kind}</td>
                    <td className="px-2 py-1">{s.result === 'Product Cliamed' ? 'Product Claimed' : s.result}</td>
                    <td className="px-2 py-1">{s.risk || 'none'}</td>
                    <td className="px-2 py-1 font-mono">{s.session}</td>
                    <td className="px-2 py-1">{s.near ? `${s.near} (${s.place})` : s.place || 'unknown'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </Section>
      <Section id="claim-title" title="Claim">
        <p className="text-gray-900" data-testid="code-claim">
          {detail.claim ? `Claimed on ${consoleDate(detail.claim.claimedAt, tz)}${detail.claim.customerId ? ` by customer ${detail.claim.customerId}` : ''}` : 'Not claimed.'}
        </p>
      </Section>
      <Section id="tracking-title" title="Tracking">
        {detail.tracking.length === 0 ? (
          <p className="text-gray-800">No tracking events.</p>
        ) : (
          <ol className="list-decimal pl-6 text-gray-900" data-testid="code-tracking">
            {detail.tracking.map((t, i) => (
              <li key={`${t.at}-${i}`}>{`${consoleDate(t.at, tz)}: ${t.stage}, ${t.place}`}</li>
            ))}
          </ol>
        )}
        {roleMay(role, 'codes', 'write') && code.state !== 'deleted' && <TrackingForm brand={brand} qrId={code.qrId} />}
      </Section>
      <Section id="warranty-title" title="Warranty">
        <p className="text-gray-900">
          {detail.warranty ? `${detail.warranty.status === 'VOID' ? 'Void' : 'Registered'}: ${detail.warranty.startsOn} to ${detail.warranty.endsOn} (bought ${detail.warranty.purchaseDate})` : 'No warranty registered.'}
        </p>
      </Section>
      <Section id="rewards-title" title="Rewards">
        {detail.rewards.length === 0 ? (
          <p className="text-gray-800">No rewards granted.</p>
        ) : (
          <ul className="list-disc pl-6 text-gray-900">
            {detail.rewards.map((r, i) => (
              <li key={`${r.at}-${i}`}>{`${r.reward} (${r.type}), ${consoleDate(r.at, tz)}`}</li>
            ))}
          </ul>
        )}
      </Section>
      <Section id="flags-title" title="Red flags">
        {detail.redFlags.length === 0 ? (
          <p className="text-gray-800">No red flags.</p>
        ) : (
          <ul className="list-disc pl-6 text-gray-900">
            {detail.redFlags.map((f) => (
              <li key={f.id}>{`${consoleDate(f.createdAt, tz)}: ${f.status} (${f.rules.join(', ')})`}</li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
