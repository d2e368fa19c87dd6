import Link from 'next/link';
import { consoleDateTime } from '@/lib/shared/console-time';
import { requireStaffPage } from '@/lib/server/console-session';
import { callRoute } from '@/lib/server/call-route';
import { consoleSharedComplaintsRoute, consoleSharedScansRoute, consoleSharedWithUsRoute } from '@/lib/server/routes';
import { brandSlugSchema } from '@/lib/schemas/console';
import { sharedPageQuery, type SharedComplaints, type SharedScans } from '@/lib/schemas/console-sharing';
import { ApiRequestError } from '@/lib/shared/fetch-rules';
import { linkClass } from '@/components/console/ui';
import { EmptyRow, FilterError, Pager, singleValues, tableWrap, td, th, type SearchParams } from '@/components/console/support/list-parts';

// /<retailer>/shared on the console host: what Manufacturer brands share with this Retailer
// organisation (docs/console.md, "Retailer organisations"), read-only. Per sharing brand, the
// scans and the complaints of its batches assigned to this retailer, only the kinds it shares,
// 50 a page; never who scanned or complained. Links only, so it works without JavaScript.

export const metadata = { title: 'Shared with us' };

type Kind = 'scans' | 'complaints';

export default async function SharedPage({ params, searchParams }: { params: Promise<{ brand: string }>; searchParams: Promise<SearchParams> }) {
  const { brand } = await params;
  const { timeZone: tz, brand: org } = await requireStaffPage(brand, 'shared', 'read');
  const raw = singleValues(await searchParams);
  const { brands } = await callRoute(consoleSharedWithUsRoute, { params: { brand } });
  const from = brandSlugSchema.safeParse(raw.from).success ? brands.find((b) => b.slug === raw.from) : brands[0];
  const kind: Kind = raw.kind === 'complaints' || (from && !from.scans) ? 'complaints' : 'scans';
  const page = sharedPageQuery.safeParse({ page: raw.page ?? '1' });
  let list: { scans?: SharedScans; complaints?: SharedComplaints } = {};
  let problem = page.success ? '' : 'page: must be a whole number of 1 or more';
  if (from && page.success && from[kind]) {
    try {
      const input = { params: { brand, from: from.slug }, query: { page: raw.page ?? '1' } };
      list = kind === 'scans' ? { scans: await callRoute(consoleSharedScansRoute, input) } : { complaints: await callRoute(consoleSharedComplaintsRoute, input) };
    } catch (err) {
      if (!(err instanceof ApiRequestError)) throw err;
      problem = err.message;
    }
  }
  const tab = (b: { slug: string }, k: Kind) => `?${new URLSearchParams({ from: b.slug, kind: k })}`;

  return (
    <section aria-labelledby="shared-title">
      <h1 id="shared-title" className="mb-2 text-2xl font-bold text-gray-900">Shared with us</h1>
      {org.organizationType !== 'Retailer' ? (
        <p className="text-gray-900">Brands share with Retailer organisations only; {org.name} is a Manufacturer.</p>
      ) : brands.length === 0 ? (
        <p className="text-gray-900">No brand shares anything with {org.name} yet.</p>
      ) : (
        <>
          <p className="mb-4 text-gray-700">The scans and complaints of the batches each brand has assigned to {org.name}, as far as the brand shares them. Read-only.</p>
          <nav aria-label="Sharing brands" className="mb-4">
            <ul className="flex flex-wrap gap-4">
              {brands.map((b) => (
                <li key={b.slug} className="rounded-md border border-gray-300 bg-white p-3">
                  <p className="font-semibold text-gray-900">{b.name}</p>
                  <p className="flex gap-3 text-sm">
                    {(['scans', 'complaints'] as const)
                      .filter((k) => b[k])
                      .map((k) => (
                        <Link key={k} href={tab(b, k)} className={linkClass} aria-current={from?.slug === b.slug && kind === k ? 'page' : undefined}>
                          {k === 'scans' ? 'Scans' : 'Complaints'}
                        </Link>
                      ))}
                  </p>
                </li>
              ))}
            </ul>
          </nav>
          {problem && <FilterError message={problem} />}
          {from && list.scans && <ScansTable from={from.name} list={list.scans} query={{ from: from.slug, kind }} tz={tz} />}
          {from && list.complaints && <ComplaintsTable from={from.name} list={list.complaints} query={{ from: from.slug, kind }} />}
        </>
      )}
    </section>
  );
}

function ScansTable({ from, list, query, tz }: { from: string; list: SharedScans; query: Record<string, string>; tz: string }) {
  return (
    <>
      <h2 className="mb-2 text-lg font-semibold text-gray-900">Scans of {from}&apos;s products</h2>
      <div className={tableWrap}>
        <table className="w-full border-collapse" data-testid="shared-scans">
          <caption className="sr-only">Scans, newest first</caption>
          <thead>
            <tr>
              <th scope="col" className={th}>Time</th>
              <th scope="col" className={th}>Place (about 11 km)</th>
              <th scope="col" className={th}>Product</th>
              <th scope="col" className={th}>Batch</th>
              <th scope="col" className={th}>Result</th>
              <th scope="col" className={th}>Risk</th>
            </tr>
          </thead>
          <tbody>
            {list.scans.length === 0 && <EmptyRow columns={6}>No scans of your batches yet.</EmptyRow>}
            {list.scans.map((s, i) => (
              <tr key={`${s.at}-${i}`}>
                <td className={td}><time dateTime={s.at}>{consoleDateTime(s.at, tz)}</time></td>
                <td className={td}>{s.place ? `${s.place.near ? `${s.place.near} (` : ''}${s.place.lat.toFixed(1)}, ${s.place.lng.toFixed(1)}${s.place.near ? ')' : ''}` : '—'}</td>
                <td className={td}>{s.product}</td>
                <td className={`${td} font-mono`}>{s.batchNumber}</td>
                <td className={td}>{s.result}</td>
                <td className={td}>{s.risk ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={list.page} pageSize={list.pageSize} total={list.total} query={query} />
    </>
  );
}

function ComplaintsTable({ from, list, query }: { from: string; list: SharedComplaints; query: Record<string, string> }) {
  return (
    <>
      <h2 className="mb-2 text-lg font-semibold text-gray-900">Complaints about {from}&apos;s products</h2>
      <div className={tableWrap}>
        <table className="w-full border-collapse" data-testid="shared-complaints">
          <caption className="sr-only">Complaints, newest first</caption>
          <thead>
            <tr>
              <th scope="col" className={th}>Ticket</th>
              <th scope="col" className={th}>Product</th>
              <th scope="col" className={th}>Batch</th>
              <th scope="col" className={th}>Status</th>
              <th scope="col" className={th}>Priority</th>
              <th scope="col" className={th}>Age</th>
            </tr>
          </thead>
          <tbody>
            {list.complaints.length === 0 && <EmptyRow columns={6}>No complaints about your batches.</EmptyRow>}
            {list.complaints.map((c) => (
              <tr key={c.ticketId}>
                <th scope="row" className={`${td} font-mono font-semibold`}>{c.ticketId}</th>
                <td className={td}>{c.product || '—'}</td>
                <td className={`${td} font-mono`}>{c.batchNumber}</td>
                <td className={td}>{c.status}</td>
                <td className={td}>{c.priority}</td>
                <td className={td}>{c.ageDays === 1 ? '1 day' : `${c.ageDays} days`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={list.page} pageSize={list.pageSize} total={list.total} query={query} />
    </>
  );
}
