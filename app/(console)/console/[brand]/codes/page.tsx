import type { Metadata } from 'next';
import { consoleDate } from '@/lib/shared/console-time';
import { requireStaffPage } from '@/lib/server/console-session';
import { callRoute } from '@/lib/server/call-route';
import { consoleCodesSearchRoute } from '@/lib/server/routes';
import { rolePrints } from '@/lib/domain/staff-roles';
import { CODE_KINDS, CODE_STATES, codeSearchQuerySchema, type CodeSearch } from '@/lib/schemas/console-codes';
import { EmptyRow, FilterError, FilterForm, FilterSelect, FilterText, singleValues, tableWrap } from '@/components/console/support/list-parts';
import { CsvLink, csvHref, hrefWith, ListBar, ListCount, SortHeader, type Kept } from '@/components/console/table-kit';
import { CodeStateBadge } from '@/components/console/code-state-badge';
import { CONSOLE_API, consoleApiHref } from '@/lib/shared/console-api';

// /<brand>/codes on the console host: find codes by qrId, authentication code or batch number,
// filtered and sorted (the table kit), a page at a time (keyset: "Next page" carries the last
// row's key), counted, and exported to CSV as filtered. A GET form: works without JavaScript.

export const metadata: Metadata = { title: 'Codes' };

type Props = { params: Promise<{ brand: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const MATCHED: Record<CodeSearch['matchedBy'], string> = {
  all: 'All codes of the brand',
  qrId: 'The code with this id',
  authCode: 'The code with this authentication code',
  batch: 'Codes of this batch',
  none: 'No code, authentication code or batch matches',
};

export default async function CodesPage({ params, searchParams }: Props) {
  const { brand } = await params;
  const { timeZone: tz, role } = await requireStaffPage(brand, 'codes', 'read');
  const raw = singleValues(await searchParams);
  const parsed = codeSearchQuerySchema.safeParse(raw);
  const error = parsed.success ? undefined : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  const query = parsed.success ? parsed.data : codeSearchQuerySchema.parse({});
  const { products, ...result } = await callRoute(consoleCodesSearchRoute, { params: { brand }, query: parsed.success ? raw : {} });
  const kept: Kept = parsed.success ? Object.fromEntries(Object.entries(raw).filter(([k, v]) => v !== '' && k !== 'after')) : {};
  const q = query.q ?? '';
  const nextHref = result.next ? hrefWith(kept, { after: result.next }) : '';
  const headers: Array<[string, string?]> = [['Code id', 'qrId'], ['Kind'], ['State'], ['Product'], ['Batch'], ['Authentication code'], ['Created', 'created']];
  return (
    <div className="space-y-4">
      <h1 id="page-title" tabIndex={-1} className="text-2xl font-bold text-gray-900">
        Codes
      </h1>
      {error && <FilterError message={error} />}
      <FilterForm label="Find and filter codes" paged={false} submit="Search">
        <div className="min-w-64 flex-1">
          <label htmlFor="code-search" className="mb-1 block text-sm font-medium text-gray-900">
            Code id, authentication code or batch number
          </label>
          <input
            id="code-search"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={64}
            className="block w-full min-h-10 rounded-md border border-gray-500 bg-white px-2 py-1.5 text-gray-900"
          />
        </div>
        <FilterSelect name="status" label="State" value={query.status ?? ''} options={[['', 'Any state'], ...CODE_STATES.map((s) => [s, s] as const)]} />
        <FilterSelect name="kind" label="Kind" value={query.kind ?? ''} options={[['', 'Any kind'], ...CODE_KINDS.map((k) => [k, k] as const)]} />
        <FilterSelect name="product" label="Product" value={query.product ?? ''} options={[['', 'Any product'], ...products.map((p) => [p.id, p.name] as const)]} />
        <FilterText name="batch" label="Batch number" value={query.batch ?? ''} />
        <FilterText name="from" label="Made from" type="date" value={query.from ?? ''} />
        <FilterText name="to" label="Made to" type="date" value={query.to ?? ''} />
        {query.sort && <input type="hidden" name="sort" value={query.sort} />}
      </FilterForm>
      <p className="text-gray-800" data-testid="codes-matched">
        {MATCHED[result.matchedBy]}
      </p>
      <ListBar>
        <ListCount total={result.total} one="code" many="codes" />
        {result.total > 0 && rolePrints(role) && <CsvLink href={csvHref(consoleApiHref(CONSOLE_API.codesCsv, { brand }), kept)} />}
      </ListBar>
      <div className={tableWrap}>
        <table className="w-full text-left text-sm" data-testid="codes-table">
          <caption className="sr-only">Codes found</caption>
          <thead className="bg-gray-100">
            <tr>
              {headers.map(([label, column]) => (
                <SortHeader key={label} label={label} column={column} sort={query.sort} kept={kept} />
              ))}
            </tr>
          </thead>
          <tbody>
            {result.codes.length === 0 && <EmptyRow columns={headers.length}>No codes match.</EmptyRow>}
            {result.codes.map((c) => (
              <tr key={c.qrId} className="border-t border-gray-200" data-testid="code-row">
                <th scope="row" className="px-3 py-2 font-normal">
                  <a className="font-mono text-blue-800 underline" href={`/${brand}/codes/${encodeURIComponent(c.qrId)}`}>
                    {c.qrId}
                  </a>
                </th>
                <td className="px-3 py-2">{c.batchLevel ? 'batch-level' : c.kind}</td>
                <td className="px-3 py-2">
                  <CodeStateBadge state={c.state} />
                </td>
                <td className="px-3 py-2">{c.product}</td>
                <td className="px-3 py-2">{c.batch}</td>
                <td className="px-3 py-2 font-mono">{c.authCode}</td>
                <td className="px-3 py-2">{consoleDate(c.createdAt, tz)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav aria-label="Pages" className="flex gap-3">
        {query.after && (
          <a href={hrefWith(kept, {})} className="inline-block min-h-11 rounded-lg border border-gray-400 bg-white px-4 py-2 font-semibold text-gray-900" data-testid="codes-first">
            First page
          </a>
        )}
        {nextHref && (
          <a href={nextHref} className="inline-block min-h-11 rounded-lg border border-gray-400 bg-white px-4 py-2 font-semibold text-gray-900" data-testid="codes-next">
            Next page
          </a>
        )}
      </nav>
    </div>
  );
}
