'use client';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useBrand } from './brand-context';

// The signed-in navigation in its own chunk: rendered on the server like the rest of the header
// (no shift), but pages seen signed out (sign-in, sign-up, a scan's verdict) do not download it.
const SignedInNav = dynamic(() => import('./signed-in-nav'));

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
      {signedIn && <SignedInNav />}
    </header>
  );
}
