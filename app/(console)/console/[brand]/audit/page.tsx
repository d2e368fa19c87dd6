import Link from 'next/link';
import { requireStaffPage } from '@/lib/server/console-session';
import { callRoute } from '@/lib/server/call-route';
import { consoleAuditChoicesRoute, consoleAuditLogRoute } from '@/lib/server/routes';
import { auditQuerySchema, type AuditPageView } from '@/lib/schemas/console';
import { ApiRequestError } from '@/lib/shared/fetch-rules';
import { AUDIT_KINDS, AUDIT_KIND_LABELS } from '@/lib/domain/security-events';
import { Alert } from '@/components/ui/alert';
import { ConsoleButton } from '@/components/console/button';
import { when } from '../../format';
import { FilterText } from '@/components/console/support/list-parts';
import { CsvLink, csvHref, ListBar, ListCount, SortHeader } from '@/components/console/table-kit';
import { CONSOLE_API, consoleApiHref } from '@/lib/shared/console-api';

// /<brand>/audit (owner only) — every change by staff or the command line, newest first (or sorted
// by a column: when, who, action), 50 to a page (keyset cursor), filtered by action, actor and kind
// of security event with a plain GET form (works without JavaScript), and by days; the count of
// matching entries and the CSV of every one of them (the table kit).

export default async function AuditPage({ params, searchParams }: { params: Promise<{ brand: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { brand } = await params;
  const { timeZone: tz, brand: current } = await requireStaffPage(brand, 'audit', 'read');
  const raw = await searchParams;
  const asked = {
    action: typeof raw.action === 'string' && raw.action ? raw.action : undefined,
    actor: typeof raw.actor === 'string' && raw.actor ? raw.actor : undefined,
    kind: typeof raw.kind === 'string' && raw.kind ? raw.kind : undefined,
    cursor: typeof raw.cursor === 'string' && raw.cursor ? raw.cursor : undefined,
    from: typeof raw.from === 'string' && raw.from ? raw.from : undefined,
    to: typeof raw.to === 'string' && raw.to ? raw.to : undefined,
    sort: typeof raw.sort === 'string' && raw.sort ? raw.sort : undefined,
  };
  const parsed = auditQuerySchema.safeParse(asked);
  const query = parsed.success ? parsed.data : auditQuerySchema.parse({});
  let page: AuditPageView | undefined;
  let problem: string | undefined;
  try {
    page = await callRoute(consoleAuditLogRoute, { params: { brand }, query: parsed.success ? { ...asked, kind: parsed.data.kind } : {} });
  } catch (err) {
    if (!(err instanceof ApiRequestError)) throw err;
    problem = 'That page of the log is not available. Start again from the newest entries.';
  }
  const choices = await callRoute(consoleAuditChoicesRoute, { params: { brand } });
  const filters = new URLSearchParams(Object.entries({ action: query.action, actor: query.actor, kind: query.kind, from: query.from, to: query.to }).filter((e): e is [string, string] => !!e[1]));
  // The sort is kept by the pages, the export and the filter form; a filter keeps the sort.
  const sort = query.sort ?? '-at';
  if (sort !== '-at') filters.set('sort', sort);
  const kept = Object.fromEntries(filters);
  if (!parsed.success) problem = `The filter was not understood (${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}); showing everything.`;
  const next = page?.nextCursor ? `?${new URLSearchParams([...filters, ['cursor', page.nextCursor]])}` : undefined;
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">Audit log of {current.name}</h1>
      <form method="get" className="mb-6 flex max-w-full flex-wrap items-end gap-3" aria-label="Filter the audit log">
        <div className="min-w-0 max-w-full">
          <label htmlFor="action" className="mb-1 block font-medium">
            Action
          </label>
          <select id="action" name="action" defaultValue={query.action ?? ''} className="min-h-11 max-w-full rounded-md border border-gray-500 bg-white px-3">
            <option value="">All actions</option>
            {choices.actions.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0 max-w-full">
          <label htmlFor="actor" className="mb-1 block font-medium">
            Who
          </label>
          <select id="actor" name="actor" defaultValue={query.actor ?? ''} className="min-h-11 max-w-full rounded-md border border-gray-500 bg-white px-3">
            <option value="">Everyone</option>
            {choices.actors.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0 max-w-full">
          <label htmlFor="kind" className="mb-1 block font-medium">
            Security events
          </label>
          <select id="kind" name="kind" defaultValue={query.kind ?? ''} className="min-h-11 max-w-full rounded-md border border-gray-500 bg-white px-3">
            <option value="">Every entry</option>
            {AUDIT_KINDS.map((k) => (
              <option key={k} value={k}>
                {AUDIT_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
        <FilterText name="from" label="From" type="date" value={query.from ?? ''} />
        <FilterText name="to" label="To" type="date" value={query.to ?? ''} />
        {sort !== '-at' && <input type="hidden" name="sort" value={sort} />}
        <ConsoleButton type="submit" variant="secondary" native>
          Filter
        </ConsoleButton>
      </form>
      {page && (
        <ListBar>
          <ListCount total={page.total} one="entry" many="entries" />
          {page.entries.length > 0 && <CsvLink href={csvHref(consoleApiHref(CONSOLE_API.auditCsv, { brand }), kept)} />}
        </ListBar>
      )}
      {problem && <Alert>{problem}</Alert>}
      {page && page.entries.length === 0 && <p role="status">No entry{filters.size ? ' matches these filters' : ' yet'}.</p>}
      {page && page.entries.length > 0 && (
        <div className="relative max-w-full overflow-x-auto">
          <table className="w-full min-w-[64rem] table-fixed border-collapse text-left text-sm">
            <caption className="sr-only">Audit log entries</caption>
            <colgroup>
              <col className="w-48" />
              <col className="w-48" />
              <col className="w-44" />
              <col className="w-48" />
              <col />
            </colgroup>
            <thead>
              <tr>
                <SortHeader label="When" column="at" sort={sort} kept={kept} />
                <SortHeader label="Who" column="actor" sort={sort} kept={kept} />
                <SortHeader label="Action" column="action" sort={sort} kept={kept} />
                <SortHeader label="On" kept={kept} />
                <SortHeader label="What changed" kept={kept} />
              </tr>
            </thead>
            <tbody>
              {page.entries.map((e) => (
                <tr key={e.id} className="border-b border-gray-200 align-top" data-testid="audit-entry">
                  <td className="py-2 pr-3 whitespace-nowrap">{when(e.at, tz)}</td>
                  <td className="py-2 pr-3 break-words">{e.actor}</td>
                  <td className="py-2 pr-3 font-mono">{e.action}</td>
                  <td className="py-2 pr-3 font-mono break-words" data-testid="audit-target">{e.target}</td>
                  <td className="py-2">
                    {e.changes.length === 0 ? (
                      <span className="text-gray-700">No field changed</span>
                    ) : (
                      <ul className="space-y-1" aria-label={`What ${e.action} changed`}>
                        {e.changes.map((c) => (
                          <li key={c.field} data-testid="audit-change">
                            <span className="font-mono font-semibold">{c.field}</span>:{' '}
                            <span className="font-mono break-all">{c.before ?? 'not set'}</span>
                            <span aria-hidden="true"> → </span>
                            <span className="sr-only"> changed to </span>
                            <span className="font-mono break-all">{c.after ?? 'not set'}</span>
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Pages of the log" className="mt-4 flex gap-4">
        {query.cursor && (
          <Link href={`/${brand}/audit${filters.size ? `?${filters}` : ''}`} className="underline">
            Newest entries
          </Link>
        )}
        {next && (
          <Link href={`/${brand}/audit${next}`} className="underline">
            Older entries
          </Link>
        )}
      </nav>
    </>
  );
}
