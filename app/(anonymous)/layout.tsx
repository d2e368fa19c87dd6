import { readSession } from '@/lib/server/session';
import { Header } from '@/components/shell/header';
import { LazySignedInNav } from '@/components/shell/lazy-signed-in-nav';

// Anonymous-accessible routes: a session is used when there is one (token refresh attempted);
// without one the screen still shows.
export default async function AnonymousLayout({ children }: { children: React.ReactNode }) {
  const session = await readSession();
  return (
    <>
      <Header nav={session !== undefined ? <LazySignedInNav /> : undefined} />
      <main id="main" className="flex-1">{children}</main>
    </>
  );
}
