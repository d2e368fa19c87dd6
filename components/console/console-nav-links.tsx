'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { ConsoleNavEntry } from '@/lib/shared/console-nav';

// The areas of a brand this staff member's role may read; the current one marked for screen readers.
export function ConsoleNavLinks({ brand, entries }: { brand: string; entries: readonly ConsoleNavEntry[] }) {
  const pathname = usePathname() ?? '';
  return (
    <ul className="flex flex-wrap gap-1 md:flex-col">
      {entries.map((e) => {
        const href = `/${brand}/${e.path}`;
        const current = pathname === href || pathname.startsWith(`${href}/`) || pathname === `/console${href}` || pathname.startsWith(`/console${href}/`);
        return (
          <li key={e.area}>
            <Link
              href={href}
              aria-current={current ? 'page' : undefined}
              className={`block min-h-11 rounded-md px-3 py-2 ${current ? 'bg-indigo-100 font-semibold text-indigo-950' : 'text-gray-900 hover:bg-gray-100'}`}
            >
              {e.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
