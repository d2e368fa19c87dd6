import Link from 'next/link';
import type { ReactNode } from 'react';

// The console's table kit, rendered on the server (every list: codes, complaints, red flags…):
// column headers that sort (a link per header, aria-sort on the sorted one), the count of what
// the filters match, the CSV export of exactly that, and the pieces of list-parts.tsx (filter
// form, pager, empty state). Sorting and filtering are GETs of the same page: no JavaScript needed.

export type Kept = Record<string, string>;

/** `?…` of the page with `changes` applied (an empty value drops the name), the page reset. */
export function hrefWith(kept: Kept, changes: Kept): string {
  const next: Kept = { ...kept, ...changes };
  for (const k of Object.keys(next)) if (next[k] === '' || (k === 'page' && !('page' in changes)) || (k === 'after' && !('after' in changes))) delete next[k];
  const qs = new URLSearchParams(next).toString();
  return qs ? `?${qs}` : '?';
}

const thClass = 'border-b border-gray-300 px-3 py-2 text-left text-sm font-semibold text-gray-900';

/**
 * A column header. With `column`, a link sorts by it (ascending first, then the other way);
 * the sorted header says which way with aria-sort and an arrow.
 */
export function SortHeader({ label, column, sort, kept }: { label: string; column?: string; sort?: string; kept: Kept }) {
  if (!column) {
    return (
      <th scope="col" className={thClass}>
        {label}
      </th>
    );
  }
  const dir = sort === column ? 'ascending' : sort === `-${column}` ? 'descending' : undefined;
  const next = dir === 'ascending' ? `-${column}` : column;
  return (
    <th scope="col" className={thClass} aria-sort={dir ?? 'none'}>
      <Link
        href={hrefWith(kept, { sort: next })}
        className="inline-flex min-h-8 items-center gap-1 text-blue-800 underline underline-offset-2 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-700"
        data-sort-column={column}
      >
        {label}
        <span aria-hidden="true">{dir === 'ascending' ? '▲' : dir === 'descending' ? '▼' : '↕'}</span>
        <span className="sr-only">{dir === 'ascending' ? ', sorted ascending; sort descending' : dir === 'descending' ? ', sorted descending; sort ascending' : ', sort'}</span>
      </Link>
    </th>
  );
}

/** What the filters match, said once above the table (a live region: a new filter is announced). */
export function ListCount({ total, one, many, testId }: { total: number; one: string; many: string; testId?: string }) {
  return (
    <p role="status" className="mb-2 text-sm font-medium text-gray-900" data-testid={testId ?? 'list-count'}>
      {total === 1 ? `1 ${one}` : `${total.toLocaleString('en-IN')} ${many}`} match{total === 1 ? 'es' : ''}
    </p>
  );
}

/** The CSV of exactly what the list's filters and sort show (every page of it). */
export function CsvLink({ href, children = 'Download CSV' }: { href: string; children?: ReactNode }) {
  return (
    <a
      href={href}
      download
      className="inline-flex min-h-10 items-center rounded-md border border-gray-500 bg-white px-3 py-1.5 text-sm font-semibold text-gray-900 underline-offset-2 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-700"
      data-testid="list-csv"
    >
      {children}
    </a>
  );
}

/** A list's toolbar line: its count and its export, side by side. */
export function ListBar({ children }: { children: ReactNode }) {
  return <div className="mb-2 flex flex-wrap items-center justify-between gap-3">{children}</div>;
}

/** The API path of a list's CSV with the page's filters and sort (no page, no cursor). */
export function csvHref(path: string, kept: Kept): string {
  const q = Object.fromEntries(Object.entries(kept).filter(([k, v]) => v !== '' && k !== 'page' && k !== 'pageSize' && k !== 'after' && k !== 'limit'));
  const qs = new URLSearchParams(q).toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * The scroll box of a table that may be wider than the screen and holds nothing focusable (no
 * sort links, no row links): a keyboard stop of its own, a region named by the table's caption
 * (`captionId`), so it scrolls with the arrow keys (axe: scrollable-region-focusable). Tables
 * with links in them scroll as those links take the focus (tableWrap of ./support/list-parts.tsx).
 */
export function TableScroll({ captionId, children }: { captionId: string; children: ReactNode }) {
  return (
    <div className="relative max-w-full overflow-x-auto rounded-lg border border-gray-300 bg-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-700" tabIndex={0} role="region" aria-labelledby={captionId}>
      {children}
    </div>
  );
}
