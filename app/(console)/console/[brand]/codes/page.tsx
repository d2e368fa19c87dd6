import type { Metadata } from 'next';
import { consoleDate } from '@/lib/shared/console-time';
import { requireStaffPage } from '@/lib/server/console-session';
import { searchCodes } from '@/lib/console/codes';
import { codeSearchQuerySchema, type CodeSearch } from '@/lib/schemas/console-codes';
import { CodeStateBadge } from '@/components/console/code-state-badge';

// /<brand>/codes on the console host: find codes by qrId, authentication code or batch number,
// a page at a time (keyset: "Next page" carries the last id). A GET form: works without JavaScript.

export const metadata: Metadata = { title: 'Codes' };

type Props = { params: Promise<{ brand: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

const MATCHED: Record<CodeSearch['matchedBy'], string> = {
  all: 'All codes of the brand',
  qrId: 'The code with this id',
  authCode: 'The code with this authentication code',
  batch: 'Codes of this batch',
  none: 'No code, authentication code or batch matches',
};

export default async function CodesPage({ params, searchParams }: Props) {
  const { brand } = await params;
  const { timeZone: tz, scope } = await requireStaffPage(brand, 'codes', 'read');
  const raw = await searchParams;
  const q = first(raw.q) ?? '';
  const parsed = codeSearchQuerySchema.safeParse({ q, after: first(raw.after) ?? '' });
  const error = parsed.success ? undefined : parsed.error.issues[0]?.message;
  const result = await searchCodes(scope, parsed.success ? parsed.data : codeSearchQuerySchema.parse({}));
  const nextHref = result.next ? `?${new URLSearchParams({ ...(q ? { q } : {}), after: result.next }).toString()}` : '';
  return (
    <div className="space-y-6">
      <h1 id="page-title" tabIndex={-1} className="text-2xl font-bold text-gray-900">
        Codes
      </h1>
      <form method="get" role="search" className="flex flex-wrap items-end gap-3 rounded-lg border border-gray-300 bg-white p-4">
        <div className="min-w-64 flex-1">
          <label htmlFor="code-search" className="mb-1 block font-medium text-gray-900">
            Code id, authentication code or batch number
          </label>
          <input
            id="code-search"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={64}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'code-search-error' : undefined}
            className="block w-full min-h-11 rounded-md border border-gray-500 bg-white px-3 py-2 text-gray-900"
          />
          {error && (
            <p id="code-search-error" className="mt-1 text-sm font-medium text-red-700">
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="min-h-11 rounded-lg border border-transparent bg-gray-900 px-4 py-2 font-semibold text-white">
          Search
        </button>
      </form>
      <p className="text-gray-800" role="status" data-testid="codes-matched">
        {MATCHED[result.matchedBy]}
      </p>
      {result.codes.length > 0 && (
        <div className="overflow-auto rounded-lg border border-gray-300 bg-white">
          <table className="w-full text-left text-sm" data-testid="codes-table">
            <caption className="sr-only">Codes found</caption>
            <thead className="bg-gray-100">
              <tr>
                {['Code id', 'Kind', 'State', 'Product', 'Batch', 'Authentication code', 'Created'].map((h) => (
                  <th key={h} scope="col" className="px-2 py-1">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {result.codes.map((c) => (
                <tr key={c.qrId} className="border-t border-gray-200">
                  <th scope="row" className="px-2 py-1 font-normal">
                    <a className="font-mono text-blue-800 underline" href={`/${brand}/codes/${encodeURIComponent(c.qrId)}`}>
                      {c.qrId}
                    </a>
                  </th>
                  <td className="px-2 py-1">{c.batchLevel ? 'batch-level' : c.kind}</td>
                  <td className="px-2 py-1">
                    <CodeStateBadge state={c.state} />
                  </td>
                  <td className="px-2 py-1">{c.product}</td>
                  <td className="px-2 py-1">{c.batch}</td>
                  <td className="px-2 py-1 font-mono">{c.authCode}</td>
                  <td className="px-2 py-1">{consoleDate(c.createdAt, tz)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {nextHref && (
        <a href={nextHref} className="inline-block min-h-11 rounded-lg border border-gray-400 bg-white px-4 py-2 font-semibold text-gray-900" data-testid="codes-next">
          Next page
        </a>
      )}
    </div>
  );
}
