import type { Metadata } from 'next';
import type { z } from 'zod';
import { requireStaffPage } from '@/lib/server/console-session';
import { callRoute } from '@/lib/server/call-route';
import { consoleDeliveryRoute, consoleOverviewRoute } from '@/lib/server/routes';
import { errorFieldOf } from '@/lib/shared/fetch-rules';
import { overviewQuerySchema, type Overview } from '@/lib/schemas/console-overview';
import { placeLabel, ScanMap } from '@/components/console/scan-map.server';
import { ScansChart } from '@/components/console/scans-chart';
import { OverviewFilters } from '@/components/console/overview-filters';
import { MessageDelivery } from '@/components/console/messages/message-delivery';
import { roleMay } from '@/lib/domain/staff-roles';

// /<brand>/overview on the console host: the brand's scans per day and result group, claims,
// warranties, open complaints, payouts waiting, the map of scans with red flags, and the same
// numbers in tables. Filters are a GET form, so the page works without JavaScript.

export const metadata: Metadata = { title: 'Overview' };

type Props = { params: Promise<{ brand: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function OverviewPage({ params, searchParams }: Props) {
  const { brand } = await params;
  const { role } = await requireStaffPage(brand, 'overview', 'read');
  const overview = (query: z.input<typeof overviewQuerySchema>) => callRoute(consoleOverviewRoute, { params: { brand }, query });
  const raw = await searchParams;
  const asked = { from: first(raw.from) ?? '', to: first(raw.to) ?? '', product: first(raw.product) ?? '', batch: first(raw.batch) ?? '' };
  const errors: Partial<Record<keyof typeof asked, string>> = {};
  const parsed = overviewQuerySchema.safeParse(asked);
  let data: Overview;
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[String(issue.path[0]) as keyof typeof asked] ??= issue.message;
    data = await overview({});
  } else {
    try {
      data = await overview(parsed.data);
    } catch (err) {
      const field = errorFieldOf(err);
      if (!field) throw err;
      errors[field as keyof typeof asked] = (err as Error).message.replace(`${field}: `, '');
      data = await overview({});
    }
  }
  const t = data.totals;
  // Tiles with a list behind them link to it, filtered as the tile counted (the same days, product and batch).
  const filter = (extra: Record<string, string>) =>
    `?${new URLSearchParams(Object.entries({ ...extra, product: data.product, batch: data.batch }).filter(([, v]) => v)).toString()}`;
  const listOf: Record<string, string> = {
    'Red flags': `/${brand}/red-flags${filter({ status: 'all', from: data.from, to: data.to })}`,
    'Open complaints (now)': `/${brand}/complaints${filter({ status: 'notclosed' })}`,
  };
  const cards: Array<[string, number]> = [
    ['Scans', t.scans],
    ['Genuine', t.genuine],
    ['Fake', t.fake],
    ['Invalid', t.invalid],
    ['Expired', t.expired],
    ['Suspect', t.suspect],
    ['Claims', t.claims],
    ['Warranty registrations', t.warranties],
    ['Red flags', t.redFlags],
    ['Open complaints (now)', t.openComplaints],
    ['Payouts waiting (now)', t.payoutsWaiting],
  ];
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <div className="space-y-8">
      <h1 id="page-title" tabIndex={-1} className="text-2xl font-bold text-gray-900">
        Overview
      </h1>
      <OverviewFilters values={hasErrors ? asked : { from: data.from, to: data.to, product: data.product, batch: data.batch }} errors={errors} products={data.products} />
      <p className="text-gray-800" data-testid="overview-range">
        {`${data.from} to ${data.to} (UTC days)`}
        {data.product && `, product ${data.products.find((p) => p.id === data.product)?.name ?? data.product}`}
        {data.batch && `, batch ${data.batch}`}
      </p>
      <section aria-labelledby="totals-title">
        <h2 id="totals-title" className="mb-2 text-lg font-semibold text-gray-900">
          Totals
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6" data-testid="overview-totals">
          {cards.map(([label, n]) => (
            <div key={label} className="rounded-lg border border-gray-300 bg-white p-3">
              <dt className="text-sm text-gray-700">{label}</dt>
              <dd className="text-2xl font-bold text-gray-900" data-total={label}>
                {listOf[label] ? (
                  <a href={listOf[label]} className="text-blue-800 underline underline-offset-2 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-700" aria-label={`${label}: ${n.toLocaleString('en-IN')}, see the list`}>
                    {n.toLocaleString('en-IN')}
                  </a>
                ) : (
                  n.toLocaleString('en-IN')
                )}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <MessageDelivery brand={brand} status={await callRoute(consoleDeliveryRoute, { params: { brand } })} canRetry={roleMay(role, 'settings', 'write')} />
      <section aria-labelledby="days-title" className="space-y-3">
        <h2 id="days-title" className="text-lg font-semibold text-gray-900">
          Scans per day
        </h2>
        <ScansChart days={data.days} describedBy="days-table-caption" />
        <div className="max-h-96 overflow-auto rounded-lg border border-gray-300 bg-white" tabIndex={0} role="region" aria-labelledby="days-table-caption">
          <table className="w-full text-left text-sm" data-testid="days-table">
            <caption id="days-table-caption" className="p-2 text-left font-medium text-gray-900">
              Scans per day by result (the chart above in figures)
            </caption>
            <thead className="bg-gray-100">
              <tr>
                {['Day', 'Scans', 'Genuine', 'Fake', 'Invalid', 'Expired', 'Suspect'].map((h) => (
                  <th key={h} scope="col" className="px-2 py-1">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.days.map((d) => (
                <tr key={d.day} className="border-t border-gray-200">
                  <th scope="row" className="px-2 py-1 font-normal">
                    {d.day}
                  </th>
                  <td className="px-2 py-1">{d.scans}</td>
                  <td className="px-2 py-1">{d.genuine}</td>
                  <td className="px-2 py-1">{d.fake}</td>
                  <td className="px-2 py-1">{d.invalid}</td>
                  <td className="px-2 py-1">{d.expired}</td>
                  <td className="px-2 py-1">{d.suspect}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section aria-labelledby="map-title" className="space-y-3">
        <h2 id="map-title" className="text-lg font-semibold text-gray-900">
          Where codes were scanned
        </h2>
        <ScanMap places={data.places} flags={data.flags} titleId="map-legend" />
        <div className="max-h-96 overflow-auto rounded-lg border border-gray-300 bg-white" tabIndex={0} role="region" aria-labelledby="places-table-caption">
          <table className="w-full text-left text-sm" data-testid="places-table">
            <caption id="places-table-caption" className="p-2 text-left font-medium text-gray-900">
              Places (rounded to about 11 km), busiest first: the map in figures
            </caption>
            <thead className="bg-gray-100">
              <tr>
                {['Place', 'Latitude', 'Longitude', 'Scans', 'Suspect', 'Red flags'].map((h) => (
                  <th key={h} scope="col" className="px-2 py-1">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.places.map((p) => (
                <tr key={`${p.lat},${p.lng}`} className="border-t border-gray-200">
                  <td className="px-2 py-1">{p.near || 'no city near'}</td>
                  <td className="px-2 py-1">{p.lat.toFixed(1)}</td>
                  <td className="px-2 py-1">{p.lng.toFixed(1)}</td>
                  <td className="px-2 py-1">{p.scans}</td>
                  <td className="px-2 py-1">{p.suspect}</td>
                  <td className="px-2 py-1">{data.flags.filter((f) => f.lat === p.lat && f.lng === p.lng).length}</td>
                </tr>
              ))}
              {data.places.length === 0 && (
                <tr>
                  <td colSpan={6} className="px-2 py-2 text-gray-800">
                    No scans with a place in this range.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
        {data.flags.length > 0 && (
          <div>
            <h3 className="mb-1 font-semibold text-gray-900">Red flags on the map</h3>
            <ul className="list-disc pl-6 text-sm text-gray-900" data-testid="flags-list">
              {data.flags.map((f) => (
                <li key={f.id}>
                  {f.qrId ? (
                    <a className="text-blue-800 underline" href={`/${brand}/codes/${encodeURIComponent(f.qrId)}`}>
                      {f.qrId}
                    </a>
                  ) : (
                    'A code'
                  )}
                  {` near ${placeLabel(f)}, ${f.createdAt.slice(0, 10)} (${f.rules.join(', ')})`}
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
    </div>
  );
}
