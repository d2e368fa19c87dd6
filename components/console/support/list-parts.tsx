import Link from 'next/link';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { ConsoleButton } from '../button';

// Pieces the console's support lists share, rendered on the server: a filter form that works
// without JavaScript (a GET of the same page), page links, and an empty state.

export type SearchParams = Record<string, string | string[] | undefined>;

/** One value per query name (the first when repeated), for the list schemas. */
export function singleValues(sp: SearchParams): Record<string, string> {
  return Object.fromEntries(Object.entries(sp).flatMap(([k, v]) => (v === undefined ? [] : [[k, Array.isArray(v) ? (v[0] ?? '') : v]])));
}

/**
 * A list page's filters from its query string: the query its schema makes of them (the defaults
 * when they are not valid), the problem to show above the form when they are not, the filters
 * the pager's links keep (all but the page, and none when they are not valid), and the input to
 * call the list's route with (the query string's values when valid, none otherwise: the same
 * schema parses them again there).
 */
export function listQuery<S extends z.ZodType<object>>(
  schema: S,
  sp: SearchParams,
): { query: z.output<S>; problem: string | null; kept: Record<string, string>; input: z.input<S> } {
  const raw = singleValues(sp);
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { query: parsed.data, problem: null, kept: Object.fromEntries(Object.entries(raw).filter(([k, v]) => k !== 'page' && v !== '')), input: raw as z.input<S> };
  return { query: schema.parse({}), problem: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '), kept: {}, input: {} as z.input<S> };
}

export function FilterForm({ label, children, paged = true, submit = 'Filter' }: { label: string; children: ReactNode; paged?: boolean; submit?: string }) {
  return (
    <form method="get" role="search" aria-label={label} className="mb-4 flex flex-wrap items-end gap-3 rounded-lg border border-gray-300 bg-white p-3">
      {children}
      {paged && <input type="hidden" name="page" value="1" />}
      <ConsoleButton type="submit" size="sm" native>
        {submit}
      </ConsoleButton>
    </form>
  );
}

export function FilterSelect({ name, label, value, options }: { name: string; label: string; value: string; options: ReadonlyArray<readonly [string, string]> }) {
  const id = `filter-${name}`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-900">{label}</label>
      <select id={id} name={name} defaultValue={value} className="min-h-10 rounded-md border border-gray-500 bg-white px-2 py-1.5 text-gray-900">
        {options.map(([v, text]) => (
          <option key={v} value={v}>{text}</option>
        ))}
      </select>
    </div>
  );
}

export function FilterText({ name, label, value, type = 'text' }: { name: string; label: string; value: string; type?: 'text' | 'date' }) {
  const id = `filter-${name}`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-900">{label}</label>
      <input id={id} name={name} type={type} defaultValue={value} maxLength={120} className="min-h-10 rounded-md border border-gray-500 bg-white px-2 py-1.5 text-gray-900" />
    </div>
  );
}

/** An invalid filter in the address: said in words, and the list shown without filters. */
export function FilterError({ message }: { message: string }) {
  return (
    <div role="alert" className="mb-4 rounded-md border-l-4 border-red-700 bg-red-50 p-3 text-red-800">
      The filter was not understood ({message}); showing everything.
    </div>
  );
}

export function Pager({ page, pageSize, total, query }: { page: number; pageSize: number; total: number; query: Record<string, string> }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const href = (p: number) => `?${new URLSearchParams({ ...query, page: String(p) }).toString()}`;
  const link = 'rounded-md border border-gray-500 bg-white px-3 py-1.5 text-sm font-semibold text-gray-900 underline-offset-2 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-700';
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center gap-3 text-sm text-gray-800">
      {page > 1 && <Link className={link} href={href(page - 1)} rel="prev">Previous page</Link>}
      <span>
        Page {Math.min(page, pages)} of {pages} · {total} in all
      </span>
      {page < pages && <Link className={link} href={href(page + 1)} rel="next">Next page</Link>}
    </nav>
  );
}

export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="px-3 py-6 text-center text-gray-700">{children}</td>
    </tr>
  );
}

export const th = 'border-b border-gray-300 px-3 py-2 text-left text-sm font-semibold text-gray-900';
export const td = 'border-b border-gray-200 px-3 py-2 align-top text-sm text-gray-900';
// `relative`: the headers' screen-reader text (sr-only, absolutely placed) is clipped by the
// table's own scroll box, not laid out against the page, which it would widen on a tablet.
export const tableWrap = 'relative max-w-full overflow-x-auto rounded-lg border border-gray-300 bg-white';
