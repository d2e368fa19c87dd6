'use client';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { useBrand } from './brand-context';
import { afterHydration } from './lazy';

// The language switcher works only with scripts (a choice reloads the page in that language), so
// it comes after hydration, out of every page's first-load JavaScript; its row keeps its height
// meanwhile, so nothing moves when it appears.
const LanguageSwitcher = afterHydration(() => import('./language-switcher').then((m) => m.LanguageSwitcher), 'language switcher');

// The brand's logo and name; for a signed-in customer, `nav`: the modules the brand offers and
// sign-out (components/shell/signed-in-nav.tsx). The layouts choose it, so pages seen signed out
// (sign-in, sign-up, a scan's verdict) do not download it: the signed-in layout imports it (it is
// part of every signed-in page's first load, and counted so by scripts/first-load-budget.mjs),
// the anonymous layout loads it only for a visitor with a session (lazy-signed-in-nav.tsx).
export function Header({ nav }: { nav?: ReactNode }) {
  const brand = useBrand();
  const ui = brand.uiDesignCriteria;
  return (
    <header className="bg-brand-primary text-brand-text">
      <div className="mx-auto flex max-w-md items-center gap-3 px-4 py-3">
        {/* Home needs an account: for a visitor (no `nav`) fetching it ahead only brings a redirect to sign-in. */}
        <Link href="/" prefetch={nav ? undefined : false} className="flex items-center gap-3 font-bold">
          {ui.clientLogo && (
            // eslint-disable-next-line @next/next/no-img-element -- brand logos are data: or remote URLs
            <img src={ui.clientLogo} alt="" className="h-9 w-9 rounded object-contain p-1" style={{ background: ui.clientLogoBGColor }} />
          )}
          <span data-testid="brand-name">{brand.organizationName}</span>
        </Link>
        <div className="ml-auto min-h-11">
          <LanguageSwitcher />
        </div>
      </div>
      {nav}
    </header>
  );
}
