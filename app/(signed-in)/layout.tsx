import { unstable_rethrow } from 'next/navigation';
import { requireCustomer } from '@/lib/server/session';
import { callRoute } from '@/lib/server/call-route';
import { customerProfileRoute } from '@/lib/server/routes';
import type { CustomerProfile } from '@/lib/schemas/customer';
import { Header } from '@/components/shell/header';
import SignedInNav from '@/components/shell/signed-in-nav';
import { SignedInShell } from '@/components/shell/signed-in-shell';
import { LoadError, USER_DATA_ERROR } from '@/components/shell/load-error';

// Signed-in routes: no live session → /login?from=<this path>. The profile is loaded once here
// (after auth succeeded, spec section 7); when it fails, the user-data reload screen.
export default async function SignedInLayout({ children }: { children: React.ReactNode }) {
  await requireCustomer();
  let profile: CustomerProfile;
  try {
    profile = await callRoute(customerProfileRoute);
  } catch (err) {
    unstable_rethrow(err);
    return <LoadError message={USER_DATA_ERROR} />;
  }
  return (
    <>
      <Header nav={<SignedInNav />} />
      <main id="main" className="flex-1">
        <SignedInShell profile={profile}>{children}</SignedInShell>
      </main>
    </>
  );
}
