import { redirect } from 'next/navigation';
import { readSession } from '@/lib/server/session';
import { Header } from '@/components/shell/header';
import { ScreenMessages } from '@/components/shell/screen-messages.server';

// Public-only routes (/login, /otp-verify, /signup, /forget-password): a signed-in customer
// goes to '/'. Checked here whatever middleware did. The browser gets the sign-in screens' texts
// beside the shell's (lib/shared/message-scopes.ts).
export default async function PublicOnlyLayout({ children }: { children: React.ReactNode }) {
  if (await readSession()) redirect('/');
  return (
    <>
      <Header />
      <main id="main" className="flex-1">
        <ScreenMessages scope="auth">{children}</ScreenMessages>
      </main>
    </>
  );
}
