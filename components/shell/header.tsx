'use client';
import Link from 'next/link';
import { enabledModules } from '@/lib/client/modules';
import { useBrand } from './brand-context';
import { SignOutButton } from '@/components/account/sign-out-button';

// The brand's logo and name; for a signed-in customer, the modules the brand offers and sign-out.
export function Header({ signedIn }: { signedIn: boolean }) {
  const brand = useBrand();
  const ui = brand.uiDesignCriteria;
  return (
    <header className="bg-brand-primary text-brand-text">
      <div className="mx-auto flex max-w-md items-center gap-3 px-4 py-3">
        <Link href="/" className="flex items-center gap-3 font-bold">
          {ui.clientLogo && (
            // eslint-disable-next-line @next/next/no-img-element -- brand logos are data: or remote URLs
            <img src={ui.clientLogo} alt="" className="h-9 w-9 rounded object-contain p-1" style={{ background: ui.clientLogoBGColor }} />
          )}
          <span data-testid="brand-name">{brand.organizationName}</span>
        </Link>
      </div>
      {signedIn && (
        <nav aria-label="Main" className="mx-auto max-w-md overflow-x-auto px-4 pb-3">
          <ul className="flex gap-2 text-sm">
            <li><Link className="block rounded-full bg-white/90 px-3 py-1 text-gray-900" href="/">Home</Link></li>
            {enabledModules(brand).map((m) => (
              <li key={m.href}>
                <Link className="block whitespace-nowrap rounded-full bg-white/90 px-3 py-1 text-gray-900" href={m.href}>{m.label}</Link>
              </li>
            ))}
            <li><Link className="block whitespace-nowrap rounded-full bg-white/90 px-3 py-1 text-gray-900" href="/edit-profile">Profile</Link></li>
            <li><SignOutButton /></li>
          </ul>
        </nav>
      )}
    </header>
  );
}
