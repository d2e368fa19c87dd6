import { redirect } from 'next/navigation';
import { readSession } from '@/lib/server/session';
import { Header } from '@/components/shell/header';

// Public-only routes (/login, /otp-verify, /signup, /forget-password): a signed-in customer
// goes to '/'. Checked here whatever middleware did.
export default async function PublicOnlyLayout({ children }: { children: React.ReactNode }) {
  if (await readSession()) redirect('/');
  return (
    <>
      <Header />
      <main id="main" className="flex-1">{children}</main>
    </>
  );
}
