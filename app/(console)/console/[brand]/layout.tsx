import Link from 'next/link';
import { notFound } from 'next/navigation';
import { requireStaffSession } from '@/lib/server/console-session';
import { callRoute } from '@/lib/server/call-route';
import { consoleMeRoute } from '@/lib/server/routes';
import { consoleNavFor } from '@/lib/shared/console-nav';
import { ConsoleNavLinks } from '@/components/console/console-nav-links';
import { ConsoleHeader } from '../console-header';

// The console's shell for one brand (/<brand>/...): the areas the role may read, the switch to
// another brand of this staff member, sign-out. Each area's page checks its own access with
// requireStaffPage (lib/server/console-session.ts).
export default async function BrandConsoleLayout({ children, params }: { children: React.ReactNode; params: Promise<{ brand: string }> }) {
  const { brand } = await params;
  const session = await requireStaffSession();
  const { memberships } = await callRoute(consoleMeRoute);
  const current = memberships.find((m) => m.slug === brand);
  if (!current) notFound();
  const others = memberships.filter((m) => m.slug !== brand);
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2">
        Skip to content
      </a>
      <ConsoleHeader email={session.email}>
        <details className="relative">
          <summary className="min-h-11 cursor-pointer rounded-md px-3 py-2 font-medium" aria-label={`Brand: ${current.name}. Switch brand`}>
            {current.name} <span className="text-sm capitalize">({current.role})</span>
          </summary>
          <ul className="absolute right-0 z-10 mt-1 min-w-56 rounded-md border border-gray-300 bg-white p-1 text-gray-900 shadow-lg">
            {others.map((m) => (
              <li key={m.slug}>
                <Link href={`/${m.slug}/overview`} className="block min-h-11 rounded px-3 py-2 hover:bg-gray-100">
                  {m.name} <span className="text-sm text-gray-700">({m.organizationType})</span>
                </Link>
              </li>
            ))}
            <li>
              <Link href="/" className="block min-h-11 rounded px-3 py-2 underline hover:bg-gray-100">
                All brands
              </Link>
            </li>
          </ul>
        </details>
      </ConsoleHeader>
      <div className="mx-auto flex w-full max-w-7xl flex-col gap-4 px-4 py-4 md:flex-row">
        <nav aria-label={`${current.name} console`} className="md:w-52 md:shrink-0">
          <ConsoleNavLinks brand={brand} entries={consoleNavFor(current.role, current.organizationType)} />
        </nav>
        <main id="main" className="min-w-0 flex-1">
          {children}
        </main>
      </div>
    </>
  );
}
