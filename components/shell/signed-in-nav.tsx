'use client';
import Link from 'next/link';
import { enabledModules } from '@/lib/client/modules';
import { useBrand } from './brand-context';
import { useT } from './i18n-context';
import { SignOutButton } from '@/components/account/sign-out-button';

// The header's navigation for a signed-in customer: the modules the brand offers, the profile
// and sign-out.
export default function SignedInNav() {
  const brand = useBrand();
  const t = useT();
  return (
    <nav aria-label={t('nav.main')} className="mx-auto max-w-md overflow-x-auto px-4 pb-3">
      <ul className="flex gap-2 text-sm">
        <li><Link className="block rounded-full bg-white/90 px-3 py-1 text-gray-900" href="/">{t('nav.home')}</Link></li>
        {enabledModules(brand).map((m) => (
          <li key={m.href}>
            <Link className="block whitespace-nowrap rounded-full bg-white/90 px-3 py-1 text-gray-900" href={m.href}>{t(m.label)}</Link>
          </li>
        ))}
        <li><Link className="block whitespace-nowrap rounded-full bg-white/90 px-3 py-1 text-gray-900" href="/edit-profile">{t('nav.profile')}</Link></li>
        <li><SignOutButton /></li>
      </ul>
    </nav>
  );
}
